import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { normaliseWarnings, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { checkCompanyFields, companyFieldValues } from './company.inputs';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'patchCompany',
	name: 'Update One Part',
	action: 'Update one part of the company details',
	subtitle: 'Update part of the company',
	description: 'Change only the company details you choose (needs the protected key)',
	method: 'PATCH',
	path: '/company',
	output: { warnings: true },
};

export const description: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: companyFieldValues,
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const fields = { ...(this.getNodeParameter('updateFields', i, {}) as IDataObject) };
	if (Object.keys(fields).length === 0) {
		fail(this, 'Add at least one field to update in "Update Fields"');
	}
	const body = checkCompanyFields(this, fields);
	const response = await callApi(this, meta, { body });
	return toItems(normaliseWarnings(response.body), response.keyMode);
}
