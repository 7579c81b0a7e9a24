import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	SIGNING_REQUEST_PDF_LIMIT,
	checkPdfPayload,
	pdfFieldHint,
	readPdfBinary,
} from '../../helpers/binary';
import { getIdParameter, isUuid, TEMP_ID } from '../../domain/ids';
import { checkSigningRequestProperties, signingRequestOptions } from '../../domain/completion';
import type { Explainer, KeyMode } from '../../../shared/transport';
import { callApi, explainMissing } from '../../../shared/transport';
import { pdfBinaryProperty } from '../common.descriptions';
import { fail } from '../../helpers/errors';
import type { RecipientList, TemplateRoleCheck } from '../../domain/recipients';
import { checkTemplateRoles, recipientsInput } from '../../domain/recipients';
import { meta as listTemplateUsers } from '../template/listTemplateUsers.operation';

/**
 * What the signing-request write operations (Create, Create and Send, Update One Part, Update)
 * share: the Source switch, the Additional Options collection and the checks of temporary
 * recipient IDs. Not an operation itself.
 */

export type Source = 'template' | 'pdf';

/** "Source": a template of the workspace, or a PDF from the input item. Parameter: source. */
export const sourceField: INodeProperties = {
	displayName: 'Source',
	name: 'source',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'PDF File',
			value: 'pdf',
			description:
				'A PDF from a binary field of the input item; you place the recipients and fields',
		},
		{
			name: 'Template',
			value: 'template',
			description: "A template's document, recipients, fields, reminders and settings",
		},
	],
	default: 'template',
};

/** Shows the given parameters only for one Source. */
export function forSource(source: Source, properties: INodeProperties[]): INodeProperties[] {
	return updateDisplayOptions({ show: { source: [source] } }, properties);
}

/**
 * The warning at the top of the operations that send (Send, Create and Send). True of the service
 * and of the sandbox (which emails no one): who can sign now, how they learn it, what it costs.
 */
export const sendNotice: INodeProperties = {
	displayName:
		'This sends the document right away: the recipients whose turn it is can sign from now on. The service emails them the signing link unless Send Signing Email is off (the sandbox emails no one: open their signing_link). With the live key, credits are used. If it fails it is not retried automatically, so check before running it again.',
	name: 'sendNotice',
	type: 'notice',
	default: '',
};

/** The name of a new signing request (required). Parameter: name. */
export const signingRequestNameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. NDA for Grace Hopper',
	description: 'Name of the signing request (at most 255 characters)',
	// n8n 2.41.1 marks no parameter as required in the form and shows a description only on
	// hover: the hint, always shown under the field, says it before a run fails.
	hint: 'Required: the name of the signing request (at most 255 characters)',
};

/** The recipients of a new signing request: template roles or, from a PDF, people with Reference IDs. */
export const recipientsBySource: INodeProperties[] = [
	...forSource(
		'template',
		recipientsInput({
			templateUser: true,
			nextFreeOrder: true,
			description:
				"The people who replace the template's recipients (its users), each matched by Template User (or else by Order): one person per signer or approver of the template (more need more roles: Template → Update). Order and designation come from the template; CC recipients are added. Leave empty to keep the template's recipients.",
		}),
	),
	...forSource(
		'pdf',
		recipientsInput({
			reference: true,
			nextFreeOrder: true,
			description:
				'The people who sign, approve or receive a copy (sending needs at least one signer). Give each a Reference ID such as temp_1 so that fields and other entries can refer to them.',
		}),
	),
];

/** "Properties" of Update and Update One Part: the request's own properties, each clearable. */
export const propertiesInput: INodeProperties = {
	displayName: 'Properties',
	name: 'properties',
	type: 'collection',
	placeholder: 'Add Property',
	default: {},
	options: signingRequestOptions({ name: true, clear: true }),
};

/** "Additional Options" of a signing request. Parameter: options. */
export function additionalOptions(
	opts: Parameters<typeof signingRequestOptions>[0] = {},
): INodeProperties {
	return {
		displayName: 'Additional Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: signingRequestOptions(opts),
	};
}

/** The "Additional Options" collection, checked. */
export function readOptions(context: IExecuteFunctions, i: number, keyMode: KeyMode): IDataObject {
	const values = context.getNodeParameter('options', i, {}) as IDataObject;
	return checkSigningRequestProperties(context, values, {
		keyMode,
		label: 'Additional Options',
	});
}

/** The PDF's "Input Binary Field" of Create and Create and Send, with their size limit. */
export const signingRequestPdfField: INodeProperties = {
	...pdfBinaryProperty,
	hint: pdfFieldHint(SIGNING_REQUEST_PDF_LIMIT),
};

/**
 * `{template_id}` or `{document}` (base64) from the Source parameters; checked before sending,
 * the PDF against the signing-request limit. `operation` names the operation in errors.
 */
export async function readSource(
	context: IExecuteFunctions,
	i: number,
	operation: string,
): Promise<{ source: Source; body: IDataObject; fileName?: string; pdfBytes?: number }> {
	const source = context.getNodeParameter('source', i) as Source;
	// An AI agent's tool call (Document Signing Tool) brings JSON only, never a file.
	if (source === 'pdf' && /Tool$/.test(context.getNode().type)) {
		fail(
			context,
			`${operation} cannot take a PDF as an AI tool`,
			'Nothing was sent: a tool call carries no file. Use Source: Template, or create the signing request from the PDF in the workflow and give the agent its ID.',
		);
	}
	if (source === 'template') {
		return { source, body: { template_id: getIdParameter(context, 'templateId', i, 'Template') } };
	}
	const property = context.getNodeParameter('binaryPropertyName', i) as string;
	const pdf = await readPdfBinary.call(context, i, property, SIGNING_REQUEST_PDF_LIMIT, operation);
	return {
		source,
		body: { document: pdf.base64 },
		fileName: pdf.fileName,
		pdfBytes: pdf.bytes,
	};
}

/**
 * A body with a PDF (`pdfBytes` from readSource) stays under the signing-request payload limit;
 * checked once the whole body is built, before sending.
 */
export function checkSourcePayload(
	context: IExecuteFunctions,
	body: IDataObject,
	operation: string,
	pdfBytes: number | undefined,
): void {
	if (pdfBytes === undefined) return;
	checkPdfPayload(context, body, SIGNING_REQUEST_PDF_LIMIT, operation, pdfBytes);
}

/** "Contract.pdf" → "Contract": the default name of a request made from a PDF. */
export function nameFromFile(fileName: string | undefined): string | undefined {
	const base = String(fileName ?? '')
		.replace(/\.pdf$/i, '')
		.trim()
		.slice(0, 255);
	return base === '' ? undefined : base;
}

/**
 * Recipients of a request made from a PDF: every "Reference ID" is a temporary ID (temp_…),
 * unique. Returns the set of temporary IDs fields and reminders may refer to.
 */
export function checkNewRecipientIds(
	context: IExecuteFunctions,
	recipients: IDataObject[] | undefined,
	key: 'id' | '_temp_id' = 'id',
): Set<string> {
	const ids = new Set<string>();
	(recipients ?? []).forEach((recipient, index) => {
		const id = recipient[key];
		if (id === undefined) return;
		const text = String(id);
		if (!TEMP_ID.test(text)) {
			fail(
				context,
				`Recipient ${index + 1}: "${text}" is not a temporary ID`,
				'A recipient added here is new, so its Reference ID must start with temp_ (for example temp_1); fields and reminders refer to it by that ID.',
			);
		}
		if (ids.has(text))
			fail(context, `Recipient ${index + 1}: the temporary ID "${text}" is used twice`);
		ids.add(text);
	});
	return ids;
}

/**
 * Every recipient reference of fields / reminders resolves: a temp_… ID must belong to a
 * recipient added in the same request; anything else must be an existing recipient's UUID
 * (`allowExisting`), or is an error.
 */
export function checkRecipientReferences(
	context: IExecuteFunctions,
	entries: IDataObject[] | undefined,
	what: 'Field' | 'Reminder',
	tempIds: Set<string>,
	allowExisting: boolean,
	key = 'recipient_id',
): void {
	(entries ?? []).forEach((entry, index) => {
		const value = entry[key];
		if (value === undefined) return;
		const ref = String(value).trim();
		entry[key] = ref;
		if (ref.startsWith('temp_')) {
			if (!tempIds.has(ref)) {
				fail(
					context,
					`${what} ${index + 1}: recipient "${ref}" is not one of this request's recipients`,
					tempIds.size
						? `Temporary IDs of the recipients: ${[...tempIds].join(', ')}.`
						: `Give the recipient that temporary ID in its "${allowExisting ? 'Temporary ID' : 'Reference ID'}".`,
				);
			}
		} else if (!allowExisting || !isUuid(ref)) {
			fail(
				context,
				`${what} ${index + 1}: recipient "${ref.slice(0, 80)}" is not ${allowExisting ? 'a recipient ID or ' : ''}a temporary ID of a recipient in this request`,
			);
		}
	});
}

/** PATCH / PUT of a request that was already sent: say what is still possible. */
export const explainEditAfterSending: Explainer = ({ status, code }) =>
	(status === 400 || status === 409) &&
	(code === 'ALREADY_SENT' || code === 'SIGNING_ORDER_LOCKED_SENT')
		? {
				message: 'This signing request was already sent, so it can no longer be changed',
				description:
					'Only drafts can be edited (after sending, Update One Part can still swap a seal participant). To change the document or its recipients, cancel this request and create a new one.',
			}
		: undefined;

/**
 * Words for a 404 about the template of a body made from a template (Source: Template): the
 * template's id and the "Template" parameter it came from, instead of the endpoint's path.
 */
export function templateNotFound(body: IDataObject, note: string): Explainer | undefined {
	if (typeof body.template_id !== 'string' || body.template_id === '') return undefined;
	return explainMissing([{ what: 'Template', id: body.template_id, field: 'Template' }], note);
}

/** The template users read in a run of the node: per execution context, per template. */
const rolesRead = new WeakMap<object, Map<string, Promise<IDataObject[]>>>();

/**
 * The users (recipient roles) of a template, read once per template and run of the node
 * (GET /templates/{id}/users), whatever the number of items that use it.
 */
async function templateRoles(
	context: IExecuteFunctions,
	templateId: string,
	note: string,
): Promise<IDataObject[]> {
	let reads = rolesRead.get(context);
	if (!reads) rolesRead.set(context, (reads = new Map()));
	let read = reads.get(templateId);
	if (!read) {
		read = callApi<{ results?: IDataObject[] }>(context, listTemplateUsers, {
			params: { id: templateId },
			explain: templateNotFound({ template_id: templateId }, note),
		}).then((response) => {
			const results = response.body?.results;
			if (!Array.isArray(results))
				fail(
					context,
					'The service answered the list of the template\'s users without "results"',
					`${note} The recipients could not be checked against the template.`,
				);
			return results;
		});
		reads.set(templateId, read);
	}
	return await read;
}

/**
 * Checks the recipients of a template-based request against the template's roles before the
 * request that creates it (domain/recipients.ts checkTemplateRoles), reading them only when there
 * is something to check: a recipient who takes a role (not a CC), or any for Create and Send.
 */
export async function checkAgainstTemplate(
	context: IExecuteFunctions,
	templateId: unknown,
	list: RecipientList | undefined,
	check: TemplateRoleCheck,
): Promise<void> {
	if (typeof templateId !== 'string' || !list) return;
	if (!check.send && list.recipients.every((recipient) => recipient.designation === 'CC')) return;
	const note = check.send ? 'Nothing was created or sent.' : 'Nothing was created.';
	checkTemplateRoles(context, list, await templateRoles(context, templateId, note), check);
}
