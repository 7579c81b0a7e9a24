import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { TEMPLATE_PDF_LIMIT, readPdfBinary } from '../../helpers/binary';
import { readSettings, settingsInput } from '../../domain/settings';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import {
	TEMPLATE_PROPERTY_VALUES,
	checkName,
	checkTemplateProperties,
	templatePdfField,
} from './template.inputs';

export const meta: OperationMeta = {
	value: 'createTemplate',
	name: 'Create',
	action: 'Create a template',
	description:
		'Create a template from a PDF; add users, fields and reminders with "Update" afterwards',
	method: 'POST',
	path: '/templates',
};

export const description: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: 'The name of the template (at most 255 characters)',
	},
	templatePdfField,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: TEMPLATE_PROPERTY_VALUES,
	},
	...settingsInput('templateCreate'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const name = checkName(this, this.getNodeParameter('name', i), 'Name', true);
	const additional = checkTemplateProperties(
		this,
		this.getNodeParameter('additionalFields', i, {}) as IDataObject,
	);
	const settings = readSettings(this, i, 'templateCreate');
	const pdf = await readPdfBinary.call(
		this,
		i,
		this.getNodeParameter('binaryPropertyName', i) as string,
		TEMPLATE_PDF_LIMIT,
		'Template → Create',
	);

	const body: IDataObject = { name, document: pdf.base64, ...additional };
	if (settings) body.settings = settings;
	const response = await callApi(this, meta, { body });
	return toItems(response.body as IDataObject, response.keyMode);
}
