import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { callApi } from '../../../shared/transport';
import { scopeOption } from '../../../shared/scope';
import { workspaceLocator } from '../common.descriptions';
import type { OperationMeta } from '../types';
import {
	SEAL_KIND_OPTIONS,
	acceptStatementField,
	imageBinaryProperty,
	readPngDataUri,
	requireAccepted,
	requiredText,
	sealListErrorExplainer,
	sealWriteItems,
	statementLanguageField,
	SEAL_WRITE_OUTPUT,
} from './seal.inputs';

export const meta: OperationMeta = {
	value: 'createOrganizationSeal',
	name: 'Create',
	action: 'Create an organization seal',
	description:
		'Create an organization seal from a PNG image or typed text, with the statement its signatory accepts',
	method: 'POST',
	path: '/seals',
	output: SEAL_WRITE_OUTPUT,
};

const NAME_MAX = 120;
const DISPLAY_NAME_MAX = 200;
const TITLE_MAX = 200;

export const description: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: 'Internal name of the seal (at most 120 characters)',
	},
	{
		displayName: 'Display Name',
		name: 'displayName',
		type: 'string',
		default: '',
		required: true,
		description: 'The name drawn on the seal image (at most 200 characters)',
	},
	{
		displayName: 'Kind',
		name: 'kind',
		type: 'options',
		options: SEAL_KIND_OPTIONS,
		default: 'uploaded',
		description: 'How the seal image is made',
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			scopeOption('workspace', 'Usable in one workspace'),
			scopeOption('company', 'Usable in every workspace; needs the protected API key'),
		],
		default: 'workspace',
	},
	{
		displayName:
			'Company-scope seals can only be created with the protected (company-level) API key',
		name: 'companyScopeNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { scope: ['company'] } },
	},
	{ ...workspaceLocator, displayOptions: { show: { scope: ['workspace'] } } },
	{ ...imageBinaryProperty, displayOptions: { show: { kind: ['uploaded', 'drawn'] } } },
	{
		displayName: 'Typed Text',
		name: 'typedText',
		type: 'string',
		default: '',
		required: true,
		description: 'The text the service renders as the seal image',
		displayOptions: { show: { kind: ['typed'] } },
	},
	{
		displayName: 'Typed Style',
		name: 'typedStyle',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. script',
		description: 'The style the typed text is rendered in',
		displayOptions: { show: { kind: ['typed'] } },
	},
	statementLanguageField,
	{
		displayName: 'Signatory Name',
		name: 'signatoryName',
		type: 'string',
		default: '',
		required: true,
		description: 'The person who attests the seal (at most 200 characters)',
	},
	{
		displayName: 'Statement Text',
		name: 'statementText',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description:
			'The statement the signatory accepts, as shown to them (rendered with the authority name)',
	},
	acceptStatementField,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Is Default',
				name: 'is_default',
				type: 'boolean',
				default: false,
				description:
					'Whether this becomes the default seal of its scope (the previous default loses the flag)',
			},
			{
				displayName: 'Signatory Title',
				name: 'signatory_title',
				type: 'string',
				default: '',
				description: 'Title shown with the seal (at most 200 characters)',
			},
			{
				displayName: 'Statement Signatory Title',
				name: 'statement_signatory_title',
				type: 'string',
				default: '',
				description: "The signatory's title as attested in the statement (at most 200 characters)",
			},
			{
				displayName: 'Statement Version',
				name: 'statement_version',
				type: 'string',
				default: '',
				description: 'Version of the statement text, if you keep several',
			},
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const kind = this.getNodeParameter('kind', i) as string;
	const scope = this.getNodeParameter('scope', i) as string;
	const extra = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	requireAccepted(this, this.getNodeParameter('statementAccepted', i, false));

	const body: IDataObject = {
		name: requiredText(this, this.getNodeParameter('name', i), 'Name', NAME_MAX),
		display_name: requiredText(
			this,
			this.getNodeParameter('displayName', i),
			'Display Name',
			DISPLAY_NAME_MAX,
		),
		kind,
		scope,
	};
	if (scope === 'workspace')
		body.workspace_id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	if (extra.signatory_title)
		body.signatory_title = requiredText(this, extra.signatory_title, 'Signatory Title', TITLE_MAX);
	if (kind === 'typed') {
		body.typed = {
			text: requiredText(this, this.getNodeParameter('typedText', i), 'Typed Text', undefined),
			style: requiredText(this, this.getNodeParameter('typedStyle', i), 'Typed Style', undefined),
		};
	} else {
		body.image = await readPngDataUri(this, i, this.getNodeParameter('imageBinaryPropertyName', i));
	}
	const statement: IDataObject = {
		language: this.getNodeParameter('statementLanguage', i),
		signatory_name: requiredText(
			this,
			this.getNodeParameter('signatoryName', i),
			'Signatory Name',
			TITLE_MAX,
		),
		text: requiredText(
			this,
			this.getNodeParameter('statementText', i),
			'Statement Text',
			undefined,
		),
		accepted: true,
	};
	if (extra.statement_signatory_title) {
		statement.signatory_title = requiredText(
			this,
			extra.statement_signatory_title,
			'Statement Signatory Title',
			TITLE_MAX,
		);
	}
	if (extra.statement_version) statement.version = String(extra.statement_version).trim();
	body.statement = statement;
	if (extra.is_default !== undefined) body.is_default = extra.is_default === true;

	const response = await callApi(this, meta, { body, explain: sealListErrorExplainer });
	return sealWriteItems(response);
}
