import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { listPages } from '../../helpers/list';
import { simplifyField, simplifyItems } from '../../helpers/output';
import {
	filtersCollection,
	nameFilterOption,
	paginationFields,
	sortCollection,
} from '../common.descriptions';
import type { OperationMeta } from '../types';

export const meta: OperationMeta = {
	value: 'listTemplates',
	name: 'Get Many',
	action: 'Get many templates',
	description: 'List the templates of the workspace, with filters and sorting',
	toolDescription:
		"Lists the templates of the workspace (prepared documents with recipient roles and signature fields), one item each: id, name, description, page_count, recipients (the roles). Use it to find the template the user means and its ID, which the signing request tools need; if several could fit, ask the user which one.\nNeeds nothing; (part of) the template's name as a filter, when this tool offers it. Returns at most the tool's limit.",
	method: 'GET',
	path: '/templates',
	output: { entries: 'results', simplify: 'template' },
};

export const description: INodeProperties[] = [
	...paginationFields(),
	filtersCollection([nameFilterOption('templates')]),
	sortCollection([
		{ name: 'Last Changed On', value: 'last_changed_on' },
		{ name: 'Name', value: 'name' },
	]),
	simplifyField,
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	return simplifyItems(this, i, 'template', await listPages.call(this, i, meta));
}
