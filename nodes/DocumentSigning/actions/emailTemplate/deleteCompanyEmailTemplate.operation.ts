import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { emailTypeField, emailTypeOf } from './emailTemplate.common';

export const meta: OperationMeta = {
	value: 'deleteCompanyEmailTemplate',
	name: 'Delete (Company)',
	action: 'Delete a company email template',
	description:
		'Remove the company template for one email type: it falls back to the built-in default',
	method: 'DELETE',
	path: '/company/email-templates/{email_type}',
};

export const description: INodeProperties[] = [emailTypeField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const type = emailTypeOf(this, i);
	const response = await callApi(this, meta, { params: { email_type: type } });
	return deletedItems(type, response.body, response.keyMode, { email_type: type });
}
