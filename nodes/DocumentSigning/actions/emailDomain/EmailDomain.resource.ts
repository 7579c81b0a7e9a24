import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as createCompanyDomain from './createCompanyDomain.operation';
import * as createWorkspaceDomain from './createWorkspaceDomain.operation';
import * as deleteCompanyDomain from './deleteCompanyDomain.operation';
import * as deleteWorkspaceDomain from './deleteWorkspaceDomain.operation';
import * as finalizeCompanyDomain from './finalizeCompanyDomain.operation';
import * as finalizeWorkspaceDomain from './finalizeWorkspaceDomain.operation';
import * as getCompanyDomain from './getCompanyDomain.operation';
import * as getWorkspaceDomain from './getWorkspaceDomain.operation';
import * as listCompanyDomains from './listCompanyDomains.operation';
import * as listWorkspaceDomains from './listWorkspaceDomains.operation';
import * as setCompanyPrimaryDomain from './setCompanyPrimaryDomain.operation';
import * as setWorkspacePrimaryDomain from './setWorkspacePrimaryDomain.operation';
import * as verifyCompanyDomainDns from './verifyCompanyDomainDns.operation';
import * as verifyCompanyDomainOwnership from './verifyCompanyDomainOwnership.operation';
import * as verifyWorkspaceDomainDns from './verifyWorkspaceDomainDns.operation';
import * as verifyWorkspaceDomainOwnership from './verifyWorkspaceDomainOwnership.operation';

/** Company-scope operations first, then their workspace twins (/workspace/{workspace_id}/domains). */
const operations = {
	listCompanyDomains,
	createCompanyDomain,
	getCompanyDomain,
	deleteCompanyDomain,
	verifyCompanyDomainOwnership,
	finalizeCompanyDomain,
	verifyCompanyDomainDns,
	setCompanyPrimaryDomain,
	listWorkspaceDomains,
	createWorkspaceDomain,
	getWorkspaceDomain,
	deleteWorkspaceDomain,
	verifyWorkspaceDomainOwnership,
	finalizeWorkspaceDomain,
	verifyWorkspaceDomainDns,
	setWorkspacePrimaryDomain,
};

export const emailDomain: ResourceModule = {
	value: 'emailDomain',
	name: 'Email Domain',
	area: 'Email Domains',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['emailDomain'] } },
			options: operationOptions(operations),
			default: 'listCompanyDomains',
		},
		...operationFields('emailDomain', operations),
	],
};
