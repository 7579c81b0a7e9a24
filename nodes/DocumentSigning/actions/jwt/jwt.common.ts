import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { fail } from '../../helpers/errors';
import { getIdParameter } from '../../domain/ids';
import { toItems, orNull } from '../../helpers/output';
import type { ApiEndpoint } from '../../../shared/transport';
import { callApi } from '../../../shared/transport';

import { isHttpsOrLoopback } from '../../../shared/url';
import type { JsonSchema, OperationOutput } from '../../helpers/output';

/**
 * Shared parts of the JWT operations (api-reference §3.7, §J; service-api.md "JWT management",
 * "Embedded editors").
 *
 * The service documents two key sets for a generated token (`token` / `jwt_record_id` and
 * `jwt` / `jwt_id` / `template_id` | `signing_request_id`), and two for a revocation (`revoked` and
 * `revoked_at`). The operations accept both and output one shape.
 */

export type EditorKind = 'template' | 'signingRequest';

/**
 * The output fields of a generated token that hold it: `jwt` (whichever key the service used,
 * `jwt` or `token`, see normaliseGeneratedToken) and `embed_snippet`, which contains it.
 */
export const TOKEN_FIELDS = ['jwt', 'embed_snippet'] as const;

const EDITORS: Record<
	EditorKind,
	{
		script: string;
		global: string;
		/** The embed option, and the node parameter, that holds the id. */
		idOption: string;
		idKey: string;
		/** The parameter's display name, for errors. */
		label: string;
		/** The key the generate call takes the id under. */
		requestKey: string;
	}
> = {
	template: {
		script: 'template-editor.js',
		global: 'TemplateEditor',
		idOption: 'templateId',
		idKey: 'template_id',
		label: 'Template',
		requestKey: 'companies_workspaces_templates_id',
	},
	signingRequest: {
		script: 'signing-request-editor.js',
		global: 'SigningRequestEditor',
		idOption: 'signingRequestId',
		idKey: 'signing_request_id',
		label: 'Signing Request',
		requestKey: 'companies_workspaces_signing_requests_id',
	},
};

export const jwtIdField: INodeProperties = {
	displayName: 'JWT ID',
	name: 'jwtId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '123e4567-e89b-42d3-a456-426614174000',
	description:
		'The jwt_id in the output of the Generate operation (the service also calls it jwt_record_id). The service cannot list tokens: keep it from there, e.g. map it with an expression.',
};

/** "Include Embed Snippet" and what the snippet needs. */
export function embedSnippetFields(kind: EditorKind): INodeProperties[] {
	const editor = EDITORS[kind];
	return [
		{
			displayName: 'Include Embed Snippet',
			name: 'includeEmbedSnippet',
			type: 'boolean',
			default: false,
			description: `Whether to also output embed_snippet: ready-to-paste HTML that loads ${editor.script} and opens the editor with this token`,
		},
		{
			displayName: 'Embed URL',
			name: 'embedUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://embed.example.com',
			description: `Where the service's editor scripts are served (the snippet loads {Embed URL}/${editor.script}). This is not the API base URL. HTTPS only (http://localhost for local tests).`,
			displayOptions: { show: { includeEmbedSnippet: [true] } },
		},
		{
			displayName: 'Embed Options',
			name: 'embedOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: { show: { includeEmbedSnippet: [true] } },
			options: [
				{
					displayName: 'Container',
					name: 'container',
					type: 'string',
					default: '#document-signing-editor',
					description:
						'CSS selector of the element the editor is placed in. For an #ID selector the snippet also contains that element.',
				},
				{
					displayName: 'Read Only',
					name: 'readOnly',
					type: 'boolean',
					default: false,
					description: 'Whether the editor only shows the document, without editing',
				},
				{
					displayName: 'Theme',
					name: 'theme',
					type: 'options',
					options: [
						{ name: 'Light', value: 'light' },
						{ name: 'Dark', value: 'dark' },
					],
					default: 'light',
				},
			],
		},
	];
}

/** The Embed URL option: an absolute https:// URL (http only for localhost), without a trailing slash. */
export function checkEmbedUrl(context: IExecuteFunctions, raw: unknown): string {
	const value = String(raw ?? '').trim();
	if (value === '') {
		fail(
			context,
			'"Embed URL" is empty',
			'Include Embed Snippet needs the address the editor scripts are served from.',
		);
	}
	let parsed: URL;
	try {
		parsed = new URL(value);
	} catch {
		return fail(
			context,
			`"Embed URL" is not a valid URL: "${value.slice(0, 80)}"`,
			'Use an address such as https://embed.example.com.',
		);
	}
	if (!isHttpsOrLoopback(parsed)) {
		fail(
			context,
			`"Embed URL" must use HTTPS: ${value.slice(0, 80)}`,
			'Browsers block editor scripts from plain http on https pages; only http://localhost is accepted, for local tests.',
		);
	}
	if (parsed.search || parsed.hash)
		fail(context, '"Embed URL" must not contain a query (?…) or fragment (#…)');
	if (/\.js$/i.test(parsed.pathname)) {
		fail(
			context,
			'"Embed URL" must be the address the scripts are served from, not a script',
			`Give e.g. https://embed.example.com: the snippet adds /template-editor.js or /signing-request-editor.js itself.`,
		);
	}
	return value.replace(/\/+$/, '');
}

/** JSON for inside a <script> element (no "</script>" can end it early). */
function scriptJson(value: unknown): string {
	return JSON.stringify(value)
		.replace(/</g, '\\u003c')
		.replace(/>/g, '\\u003e')
		.replace(/&/g, '\\u0026');
}

function escapeAttribute(value: string): string {
	return value
		.replace(/&/g, '&amp;')
		.replace(/"/g, '&quot;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;');
}

/** Ready-to-paste HTML that loads the editor script and calls its init with the token. */
export function buildEmbedSnippet(opts: {
	kind: EditorKind;
	embedUrl: string;
	container: string;
	jwt: string;
	id: string;
	theme: string;
	readOnly: boolean;
}): string {
	const editor = EDITORS[opts.kind];
	const config = {
		container: opts.container,
		jwt: opts.jwt,
		[editor.idOption]: opts.id,
		theme: opts.theme,
		readOnly: opts.readOnly,
	};
	const lines: string[] = [];
	const idSelector = /^#([A-Za-z][\w-]*)$/.exec(opts.container);
	if (idSelector) lines.push(`<div id="${idSelector[1]}"></div>`);
	lines.push(`<script src="${escapeAttribute(`${opts.embedUrl}/${editor.script}`)}"></script>`);
	lines.push('<script>');
	lines.push(`  ${editor.global}.init(${scriptJson(config)});`);
	lines.push('</script>');
	return lines.join('\n');
}

/** The snippet for a token when "Include Embed Snippet" is on, checked before any request. */
export interface SnippetSettings {
	embedUrl: string;
	container: string;
	theme: string;
	readOnly: boolean;
}

export function readSnippetSettings(
	context: IExecuteFunctions,
	i: number,
): SnippetSettings | undefined {
	if (!(context.getNodeParameter('includeEmbedSnippet', i, false) as boolean)) return undefined;
	const embedUrl = checkEmbedUrl(context, context.getNodeParameter('embedUrl', i, ''));
	const options = context.getNodeParameter('embedOptions', i, {}) as IDataObject;
	const container = String(options.container ?? '#document-signing-editor').trim();
	if (container === '')
		fail(
			context,
			'"Container" is empty',
			'Give the CSS selector of the element to place the editor in, e.g. #editor.',
		);
	const theme = String(options.theme ?? 'light');
	if (theme !== 'light' && theme !== 'dark')
		fail(context, `"Theme" must be light or dark, not "${theme}"`);
	return { embedUrl, container, theme, readOnly: options.readOnly === true };
}

/**
 * The output fields of a generated token (`normaliseGeneratedToken`, `withSnippet`), besides the
 * id of what it is for (`template_id` or `signing_request_id`).
 */
export const TOKEN_OUTPUT_FIELDS: Record<string, JsonSchema> = {
	jwt: { type: 'string' },
	jwt_id: orNull({ type: 'string' }),
	expires_at: orNull({ type: 'string', format: 'date-time' }),
	'embed_snippet?': { type: 'string' },
};

/** The output of a revocation (`normaliseRevocation`). */
export const REVOCATION_OUTPUT: OperationOutput = {
	fields: {
		jwt_id: { type: 'string' },
		revoked: { type: 'boolean' },
		revoked_at: orNull({ type: 'string', format: 'date-time' }),
	},
};

/**
 * One output shape for a generated token, whichever documented key set the service used:
 * `{jwt, jwt_id, expires_at, template_id | signing_request_id, created_at?}` plus other keys as given.
 */
export function normaliseGeneratedToken(
	context: IExecuteFunctions,
	body: IDataObject,
	kind: EditorKind,
	requestedId: string,
): IDataObject {
	const idKey = EDITORS[kind].idKey;
	const jwt = body.jwt ?? body.token;
	if (typeof jwt !== 'string' || jwt === '') {
		fail(
			context,
			'The service answered without a token',
			`Expected "jwt" or "token" in: ${JSON.stringify(body).slice(0, 200)}`,
		);
	}
	const rest: IDataObject = { ...body };
	delete rest.token;
	delete rest.jwt_record_id;
	const out: IDataObject = {
		...rest,
		jwt,
		jwt_id: body.jwt_id ?? body.jwt_record_id ?? null,
		expires_at: body.expires_at ?? null,
		[idKey]: body[idKey] ?? requestedId,
	};
	if (body.created_at === undefined) delete out.created_at;
	return out;
}

/** One output shape for a revocation: `{message, jwt_id, revoked, revoked_at}` (revoked_at null when not given). */
export function normaliseRevocation(body: IDataObject, requestedId: string): IDataObject {
	const revokedAt =
		typeof body.revoked_at === 'string' && body.revoked_at !== '' ? body.revoked_at : null;
	// A 200 answer means the token is revoked; `revoked` is only trusted when the service sends it.
	const revoked = body.revoked === undefined ? true : body.revoked === true;
	return {
		...body,
		jwt_id: body.jwt_id ?? requestedId,
		revoked,
		revoked_at: revokedAt,
	};
}

/** Adds `embed_snippet` to a normalised token when asked for. */
export function withSnippet(
	token: IDataObject,
	kind: EditorKind,
	settings: SnippetSettings | undefined,
): IDataObject {
	if (!settings) return token;
	const idKey = EDITORS[kind].idKey;
	return {
		...token,
		embed_snippet: buildEmbedSnippet({
			kind,
			embedUrl: settings.embedUrl,
			container: settings.container,
			jwt: String(token.jwt),
			id: String(token[idKey]),
			theme: settings.theme,
			readOnly: settings.readOnly,
		}),
	};
}

/**
 * Runs Generate Template Token or Generate Signing Request Token: asks the endpoint for a token for
 * the chosen template or signing request and outputs it normalised, with the snippet when asked for.
 */
export async function generateEditorToken(
	context: IExecuteFunctions,
	i: number,
	endpoint: ApiEndpoint,
	kind: EditorKind,
): Promise<INodeExecutionData[]> {
	const { idOption, label, requestKey } = EDITORS[kind];
	const id = getIdParameter(context, idOption, i, label);
	const snippet = readSnippetSettings(context, i);
	const response = await callApi(context, endpoint, { body: { [requestKey]: id } });
	const token = normaliseGeneratedToken(context, response.body, kind, id);
	return toItems(withSnippet(token, kind, snippet), response.keyMode);
}
