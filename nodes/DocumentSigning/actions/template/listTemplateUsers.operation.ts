import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { limitEntries, listEntries, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { paginationFields, templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listTemplateUsers',
	name: 'Get Users',
	action: 'Get the users of a template',
	description:
		"List a template's users (recipient roles), one item each, with what each needs before sending (ready_to_send)",
	toolDescription:
		'Lists the recipient roles of a template, one item each: id (pass it as template_user_id when creating a signing request from the template), the placeholder first_name, last_name and email, designation (Signer signs, Approver approves, CC gets a copy), order (signing order), ready_to_send and missing_fields. Call it before creating a signing request from a template, to know how many people to give and for which role.\nNeeds: the template\'s ID (a UUID from "Get many templates").',
	method: 'GET',
	path: '/templates/{id}/users',
	output: { entries: 'results' },
};

export const description: INodeProperties[] = [templateLocator, ...paginationFields()];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const response = await callApi(this, meta, { params: { id } });
	return toItems(limitEntries(this, i, listEntries(this, response.body)), response.keyMode);
}
