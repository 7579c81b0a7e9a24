import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { TEMPLATE_PDF_LIMIT, readPdfBinary } from '../../helpers/binary';
import { getIdParameter } from '../../domain/ids';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { templateLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import { SAME_PAGES_NOTICE, templatePdfField } from './template.inputs';

export const meta: OperationMeta = {
	value: 'replaceTemplateDocument',
	name: 'Replace Document',
	action: 'Replace the document of a template',
	subtitle: "Replace a template's PDF",
	description: 'Put a new version of the PDF into a template, keeping its fields where they are',
	method: 'POST',
	path: '/templates/{id}/replace-document',
};

export const description: INodeProperties[] = [
	templateLocator,
	SAME_PAGES_NOTICE,
	templatePdfField,
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'templateId', i, 'Template');
	const pdf = await readPdfBinary.call(
		this,
		i,
		this.getNodeParameter('binaryPropertyName', i) as string,
		TEMPLATE_PDF_LIMIT,
		'Template → Replace Document',
	);
	const response = await callApi(this, meta, { params: { id }, body: { document: pdf.base64 } });
	return toItems(response.body as IDataObject, response.keyMode);
}
