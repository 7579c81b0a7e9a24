import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { deletedItems, deletedOutput } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { emailTypeField, emailTypeOf, EMAIL_TYPE_OUTPUT } from './emailTemplate.common';

export const meta: OperationMeta = {
	value: 'deleteCompanyEmailTemplate',
	name: 'Delete (Company)',
	action: 'Delete a company email template',
	subtitle: 'Delete a company template',
	description:
		'Remove the company template for one email type: it falls back to the built-in default',
	method: 'DELETE',
	path: '/company/email-templates/{email_type}',
	output: deletedOutput(EMAIL_TYPE_OUTPUT, { email_type: EMAIL_TYPE_OUTPUT }),
};

export const description: INodeProperties[] = [emailTypeField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const type = emailTypeOf(this, i);
	const response = await callApi(this, meta, { params: { email_type: type } });
	return deletedItems(type, response.body, response.keyMode, { email_type: type });
}
