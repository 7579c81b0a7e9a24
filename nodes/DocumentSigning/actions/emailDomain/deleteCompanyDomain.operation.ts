import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { domainAction, domainFields, setupNotice } from './emailDomain.common';
import { deletedOutput, ID_OUTPUT } from '../../helpers/output';

export const meta: OperationMeta = {
	value: 'deleteCompanyDomain',
	name: 'Delete (Company)',
	action: 'Delete a company email domain',
	subtitle: 'Delete a company domain',
	description:
		'Remove a company email domain. If it was the primary or only domain, email falls back to the default sender.',
	method: 'DELETE',
	path: '/company/domains/{id}',
	output: deletedOutput(ID_OUTPUT, { domain_id: ID_OUTPUT }),
};

export const description: INodeProperties[] = [
	setupNotice('delete', 'company'),
	...domainFields('company'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await domainAction.call(this, meta, 'company', i, 'delete');
}
