import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { callApi } from '../../../shared/transport';
import { LANGUAGES } from '../../domain/languages';
import { sealLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	readPngDataUri,
	requireAccepted,
	requiredText,
	sealErrorExplainer,
	sealWriteItems,
	SEAL_WRITE_OUTPUT,
} from './seal.inputs';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'updateOrganizationSeal',
	name: 'Update',
	action: 'Update an organization seal',
	description:
		'Rename a seal, replace its image (creates a new version), change its statement or default flag',
	method: 'PATCH',
	path: '/seals/{id}',
	output: SEAL_WRITE_OUTPUT,
};

const NAME_MAX = 120;
const DISPLAY_NAME_MAX = 200;
const TITLE_MAX = 200;

const STATEMENT_KEYS = [
	'statement_accepted',
	'statement_language',
	'statement_signatory_name',
	'statement_signatory_title',
	'statement_text',
	'statement_version',
];

export const description: INodeProperties[] = [
	sealLocator,
	{
		displayName:
			'Changing the image (or the typed text) creates a new version of the seal with a new ID and the same lineage; the output is the new version. Company-scope seals can only be changed with the protected (company-level) API key.',
		name: 'updateNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Display Name',
				name: 'display_name',
				type: 'string',
				default: '',
				description:
					'The name drawn on the seal image (at most 200 characters); the image is re-rendered',
			},
			{
				displayName: 'Image Binary Field',
				name: 'imageBinaryPropertyName',
				type: 'string',
				default: 'data',
				description:
					'The input binary field holding the new seal image: a PNG file (at most 4.5 MB). Uploaded and drawn seals only. Creates a new version.',
			},
			{
				displayName: 'Is Default',
				name: 'is_default',
				type: 'boolean',
				default: false,
				description:
					'Whether this is the default seal of its scope (making it default clears the previous default)',
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Internal name of the seal (at most 120 characters)',
			},
			{
				displayName: 'Signatory Title',
				name: 'signatory_title',
				type: 'string',
				default: '',
				description: 'Title shown with the seal (at most 200 characters); leave empty to remove it',
			},
			{
				displayName: 'Statement Accepted',
				name: 'statement_accepted',
				type: 'boolean',
				default: false,
				description:
					'Whether the signatory accepts the statement again. Required (and must be on) when changing any statement field.',
			},
			{
				displayName: 'Statement Language',
				name: 'statement_language',
				type: 'options',
				options: [...LANGUAGES],
				default: 'en',
			},
			{
				displayName: 'Statement Signatory',
				name: 'statement_signatory_name',
				type: 'string',
				default: '',
				description: 'The person who attests the seal (at most 200 characters)',
			},
			{
				displayName: 'Statement Signatory Title',
				name: 'statement_signatory_title',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Statement Text',
				name: 'statement_text',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description:
					'Required when changing any statement field: it must be exactly the statement stored with the seal',
			},
			{
				displayName: 'Statement Version',
				name: 'statement_version',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Typed Style',
				name: 'typed_style',
				type: 'string',
				default: '',
				description:
					'Typed seals only: the style of the typed text. Set together with Typed Text. Creates a new version.',
			},
			{
				displayName: 'Typed Text',
				name: 'typed_text',
				type: 'string',
				default: '',
				description:
					'Typed seals only: the text rendered as the seal image. Creates a new version.',
			},
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'sealId', i, 'Organization Seal');
	const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
	const body: IDataObject = {};

	if (fields.name !== undefined) body.name = requiredText(this, fields.name, 'Name', NAME_MAX);
	if (fields.display_name !== undefined) {
		body.display_name = requiredText(this, fields.display_name, 'Display Name', DISPLAY_NAME_MAX);
	}
	if (fields.signatory_title !== undefined) {
		const title = String(fields.signatory_title ?? '').trim();
		if (title.length > TITLE_MAX) requiredText(this, title, 'Signatory Title', TITLE_MAX);
		body.signatory_title = title === '' ? null : title;
	}
	if (fields.is_default !== undefined) body.is_default = fields.is_default === true;
	if (fields.typed_text !== undefined || fields.typed_style !== undefined) {
		body.typed = {
			text: requiredText(this, fields.typed_text, 'Typed Text', undefined),
			style: requiredText(this, fields.typed_style, 'Typed Style', undefined),
		};
	}
	if (fields.imageBinaryPropertyName !== undefined) {
		if (body.typed) {
			fail(
				this,
				'Set either "Image Binary Field" or "Typed Text", not both',
				'Uploaded and drawn seals take an image; typed seals take typed text.',
			);
		}
		body.image = await readPngDataUri(this, i, fields.imageBinaryPropertyName);
	}
	if (STATEMENT_KEYS.some((key) => fields[key] !== undefined)) {
		requireAccepted(this, fields.statement_accepted);
		const statement: IDataObject = {
			text: requiredText(this, fields.statement_text, 'Statement Text', undefined),
			accepted: true,
		};
		if (fields.statement_language !== undefined) statement.language = fields.statement_language;
		if (fields.statement_signatory_name !== undefined) {
			statement.signatory_name = requiredText(
				this,
				fields.statement_signatory_name,
				'Statement Signatory',
				TITLE_MAX,
			);
		}
		if (fields.statement_signatory_title !== undefined) {
			const title = String(fields.statement_signatory_title ?? '').trim();
			statement.signatory_title =
				title === '' ? null : requiredText(this, title, 'Statement Signatory Title', TITLE_MAX);
		}
		if (fields.statement_version !== undefined && String(fields.statement_version).trim() !== '') {
			statement.version = String(fields.statement_version).trim();
		}
		body.statement = statement;
	}
	if (Object.keys(body).length === 0) {
		fail(this, 'Nothing to update: add at least one field under "Update Fields"');
	}

	const response = await callApi(this, meta, { params: { id }, body, explain: sealErrorExplainer });
	return sealWriteItems(response);
}
