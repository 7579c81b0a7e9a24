import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as createOrganizationSeal from './createOrganizationSeal.operation';
import * as eraseOrganizationSealLineage from './eraseOrganizationSealLineage.operation';
import * as getOrganizationSeal from './getOrganizationSeal.operation';
import * as getOrganizationSealImage from './getOrganizationSealImage.operation';
import * as listOrganizationSealAccessLog from './listOrganizationSealAccessLog.operation';
import * as listOrganizationSealApplications from './listOrganizationSealApplications.operation';
import * as listOrganizationSeals from './listOrganizationSeals.operation';
import * as revokeOrganizationSeal from './revokeOrganizationSeal.operation';
import * as updateOrganizationSeal from './updateOrganizationSeal.operation';

const operations = {
	listOrganizationSeals,
	createOrganizationSeal,
	getOrganizationSeal,
	updateOrganizationSeal,
	revokeOrganizationSeal,
	getOrganizationSealImage,
	eraseOrganizationSealLineage,
	listOrganizationSealApplications,
	listOrganizationSealAccessLog,
};

export const organizationSeal: ResourceModule = {
	value: 'organizationSeal',
	name: 'Organization Seal',
	area: 'Organization Seals',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['organizationSeal'] } },
			options: operationOptions(operations),
			default: 'listOrganizationSeals',
		},
		...operationFields('organizationSeal', operations),
	],
};
