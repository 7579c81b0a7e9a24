import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { simplifyField, simplifyItems, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'getTemplate',
	name: 'Get',
	action: 'Get a template',
	description:
		'Get a template with its users, fields, settings and a fresh link to its document (valid 1 hour)',
	toolDescription:
		'Reads one template: name, description, page_count, its recipient roles (recipients: id, first_name, last_name, email, designation Signer/Approver/CC, order) and a link to its document (document_url, valid one hour).\nNeeds: the template\'s ID (a UUID from "Get many templates"). For the roles alone, with what each still needs, use "Get the users of a template".',
	method: 'GET',
	path: '/templates/{id}',
	output: { simplify: 'template' },
};

export const description: INodeProperties[] = [templateLocator, simplifyField];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const response = await callApi(this, meta, { params: { id } });
	return simplifyItems(
		this,
		i,
		'template',
		toItems(response.body as IDataObject, response.keyMode),
	);
}
