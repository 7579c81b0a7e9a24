import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { checkCompanyFields, companyFieldValues } from './company.inputs';

export const meta: OperationMeta = {
	value: 'updateCompany',
	name: 'Update',
	action: 'Update the company',
	description:
		'Replace the company details: name, account owner, owner email and website (needs the protected key)',
	method: 'PUT',
	path: '/company',
};

const value = (key: string) => companyFieldValues.find((v) => v.name === key) as INodeProperties;

export const description: INodeProperties[] = [
	{ ...value('name'), name: 'name', required: true },
	{ ...value('account_owner'), name: 'accountOwner', required: true },
	{ ...value('account_owner_email'), name: 'accountOwnerEmail', required: true },
	{ ...value('website'), name: 'website', required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [value('language')],
	},
	{
		displayName:
			'This replaces all company details: every value above is sent. To change only some, use "Update One Part".',
		name: 'fullReplaceNotice',
		type: 'notice',
		default: '',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const additional = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const body = checkCompanyFields(this, {
		name: this.getNodeParameter('name', i, '') as string,
		account_owner: this.getNodeParameter('accountOwner', i, '') as string,
		account_owner_email: this.getNodeParameter('accountOwnerEmail', i, '') as string,
		website: this.getNodeParameter('website', i, '') as string,
		...(additional.language ? { language: additional.language } : {}),
	});
	const response = await callApi(this, meta, { body });
	return toItems(response.body, response.keyMode);
}
