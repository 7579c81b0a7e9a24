import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { OperationMeta } from '../types';
import { createDomain, createFields, setupNotice } from './emailDomain.common';

export const meta: OperationMeta = {
	value: 'createCompanyDomain',
	name: 'Add (Company)',
	action: 'Add a company email domain',
	description:
		"Step 1 of the setup: add a sending domain; the output's verification_instructions hold the TXT record to publish",
	method: 'POST',
	path: '/company/domains',
};

export const description: INodeProperties[] = [
	setupNotice('create', 'company'),
	...createFields('company'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return await createDomain.call(this, meta, 'company', i);
}
