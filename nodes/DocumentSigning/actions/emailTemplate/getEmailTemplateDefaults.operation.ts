import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { LANGUAGES } from '../../domain/languages';
import type { OperationMeta } from '../types';
import { fail } from '../../helpers/errors';
import { EMAIL_TYPE_OUTPUT } from './emailTemplate.common';

export const meta: OperationMeta = {
	value: 'getEmailTemplateDefaults',
	name: 'Get Defaults',
	action: 'Get the defaults of the email templates for a language',
	subtitle: 'Get email template defaults',
	description: 'Get the built-in subject and body of every email type in one language',
	method: 'GET',
	path: '/email-templates/defaults/{language}',
	output: {
		variants: [
			{
				when: 'Split Into Items',
				entries: 'templates',
				fields: {
					language: { $ref: '#/definitions/EmailTemplateDefaultsResponse/properties/language' },
					email_type: EMAIL_TYPE_OUTPUT,
				},
			},
		],
	},
};

export const description: INodeProperties[] = [
	{
		displayName: 'Language',
		name: 'language',
		type: 'options',
		options: [...LANGUAGES],
		default: 'en',
		required: true,
		description: 'Language of the default templates',
	},
	{
		displayName: 'Split Into Items',
		name: 'splitIntoItems',
		type: 'boolean',
		default: false,
		description:
			'Whether to output one item per email type ({language, email_type, subject, body}) instead of one item with all',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const language = String(this.getNodeParameter('language', i, '') ?? '').trim();
	if (!LANGUAGES.some((l) => l.value === language)) {
		fail(
			this,
			`"Language" is not a supported language: "${language.slice(0, 20)}"`,
			`Use one of: ${LANGUAGES.map((l) => l.value).join(', ')}.`,
		);
	}
	const response = await callApi(this, meta, { params: { language } });
	const body = response.body;
	if (!this.getNodeParameter('splitIntoItems', i, false)) return toItems(body, response.keyMode);
	const templates = (body.templates ?? {}) as IDataObject;
	return toItems(
		Object.entries(templates).map(([type, t]) => ({
			language: body.language ?? language,
			email_type: type,
			...(t as IDataObject),
		})),
		response.keyMode,
	);
}
