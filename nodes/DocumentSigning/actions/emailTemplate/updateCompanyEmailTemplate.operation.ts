import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import {
	emailTypeField,
	emailTypeOf,
	templateContentFields,
	upsertTemplate,
	UPSERT_OUTPUT,
} from './emailTemplate.common';

export const meta: OperationMeta = {
	value: 'updateCompanyEmailTemplate',
	name: 'Create or Update (Company)',
	action: 'Create or update a company email template',
	subtitle: 'Set company email template',
	description:
		'Set the company-wide subject and HTML body for one email type (needs the protected API key)',
	method: 'PUT',
	path: '/company/email-templates/{email_type}',
	output: UPSERT_OUTPUT,
};

export const description: INodeProperties[] = [emailTypeField, ...templateContentFields];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await upsertTemplate.call(this, meta, { email_type: emailTypeOf(this, i) }, i);
}
