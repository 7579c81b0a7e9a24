import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { OperationModule, ResourceModule } from './types';
import { mergeIdenticalProperties, withoutImpliedResource } from './mergeProperties';
import { company } from './company/Company.resource';
import { customField } from './customField/CustomField.resource';
import { workspaceSettings } from './workspaceSettings/WorkspaceSettings.resource';
import { emailDomain } from './emailDomain/EmailDomain.resource';
import { emailTemplate } from './emailTemplate/EmailTemplate.resource';
import { organizationSeal } from './organizationSeal/OrganizationSeal.resource';
import { signingRequest } from './signingRequest/SigningRequest.resource';
import { template } from './template/Template.resource';
import { workspace } from './workspace/Workspace.resource';
import { webhook } from './webhook/Webhook.resource';
import { jwt } from './jwt/Jwt.resource';
import { signerTerms } from './signerTerms/SignerTerms.resource';

/**
 * THE list of resources and their operations. The node's UI, the router, the README's operation
 * table and the tests are all derived from it.
 */
export const RESOURCES: ResourceModule[] = [
	workspace,
	template,
	customField,
	signingRequest,
	webhook,
	emailDomain,
	emailTemplate,
	organizationSeal,
	jwt,
	company,
	workspaceSettings,
	signerTerms,
];

export function findOperation(resource: string, operation: string): OperationModule | undefined {
	const found = RESOURCES.find((r) => r.value === resource);
	return found?.operations[operation];
}

/**
 * The resources of the signing flow, first in the Resource dropdown and in n8n's node panel (which
 * lists the node's actions resource by resource, in the dropdown's order): someone looking to send
 * a document for signature finds it at the top, not after Company and Custom Field.
 */
export const LEADING_RESOURCES: readonly string[] = ['signingRequest', 'template'];

/** The options of the Resource dropdown: LEADING_RESOURCES, then the others alphabetically. */
export function resourceOptions(): INodePropertyOptions[] {
	const rank = (value: string) => {
		const index = LEADING_RESOURCES.indexOf(value);
		return index < 0 ? LEADING_RESOURCES.length : index;
	};
	return RESOURCES.map((r) => ({ name: r.name, value: r.value })).sort(
		(a, b) => rank(a.value) - rank(b.value) || a.name.localeCompare(b.name),
	);
}

/**
 * All properties of the node below the Resource dropdown, a parameter that several operations of
 * a resource define identically written once (see mergeIdenticalProperties), without the resource
 * condition where the operation condition implies it (see withoutImpliedResource).
 */
export function resourceProperties(): INodeProperties[] {
	const resourceOf = new Map<string, string[]>();
	for (const resource of RESOURCES) {
		for (const operation of Object.keys(resource.operations)) {
			resourceOf.set(operation, [...(resourceOf.get(operation) ?? []), resource.value]);
		}
	}
	return withoutImpliedResource(
		mergeIdenticalProperties(RESOURCES.flatMap((r) => r.description)),
		resourceOf,
	);
}

/**
 * The Tool Description of the node as an AI tool ("Document Signing Tool", for AI agents and n8n's
 * MCP Server Trigger): what n8n tells the model about the tool.
 *
 * n8n 2.x builds the tool from the node (`convertNodeToAiTool`) and adds its own "Tool
 * Description" (Set Automatically / Set Manually) only to nodes without a `toolDescription`
 * parameter. Set automatically, the model gets the action only ("Create and send a document for
 * signature in Document Signing"): not what the operation needs, returns or cannot undo. So the node brings its
 * own `toolDescription`, shown only in the tool (`@tool`, as n8n's HTTP Request node does), whose
 * default is the operation's `meta.toolDescription`; n8n sends a non-empty `toolDescription` as
 * the tool's description (`getToolDescriptionForNode`). The user sees the text and can change it.
 * Operations without one get an empty field, and n8n falls back to the action.
 */
export function toolDescriptionProperties(): INodeProperties[] {
	const described = RESOURCES.flatMap((r) => Object.values(r.operations)).flatMap(({ meta }) =>
		meta.toolDescription === undefined
			? []
			: [{ operation: meta.value, text: meta.toolDescription }],
	);
	return [
		...described.map(
			({ operation, text }): INodeProperties => ({
				displayName: 'Tool Description',
				name: 'toolDescription',
				type: 'string',
				typeOptions: { rows: 6 },
				default: text,
				description: 'What the AI agent is told about this tool',
				displayOptions: { show: { '@tool': [true], operation: [operation] } },
			}),
		),
		{
			displayName: 'Tool Description',
			name: 'toolDescription',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			placeholder: 'e.g. Lists the company webhooks with their URLs and events',
			description:
				'What the AI agent is told about this tool. Empty: the action, e.g. "Get many webhooks in Document Signing".',
			displayOptions: {
				show: { '@tool': [true] },
				hide: { operation: described.map((d) => d.operation) },
			},
		},
	];
}

/**
 * A text as a single-quoted JavaScript string in a subtitle expression: the description is JSON,
 * where each double quote inside the expression would cost an escape.
 */
function text(value: string): string {
	return `'${value.replace(/[\\']/g, '\\$&')}'`;
}

/**
 * The canvas subtitle: the chosen operation's action ("Create a signing request"), as n8n's own
 * nodes show it, or its short form (`meta.subtitle`) where the action is longer than the 192 px
 * the canvas shows (n8n-editor-ui 2.41.1; test/nodes/DocumentSigning/editorText.test.ts). The
 * subtitle is an expression evaluated by the editor, which cannot read the node's description, so
 * the texts are written into it as a lookup by operation (the operation values are the API's
 * operationIds, unique across resources). An operation missing from the lookup (a workflow saved
 * with an operation this version no longer has) shows as is.
 */
export function subtitleExpression(): string {
	const key = (value: string) => (/^[A-Za-z_$][\w$]*$/.test(value) ? value : text(value));
	const entries = RESOURCES.flatMap((r) =>
		Object.values(r.operations).map(
			(op) => `${key(op.meta.value)}:${text(op.meta.subtitle ?? op.meta.action)}`,
		),
	);
	return `={{ ({${entries.join(',')}})[$parameter["operation"]] || $parameter["operation"] }}`;
}

/**
 * The canvas subtitle of the node as an AI tool ("Document Signing Tool"): the resource, e.g.
 * "Signing Request". n8n names a tool added from its panel after the action ("Get many signing
 * requests in Document Signing") and gives a tool's subtitle 160 px of the canvas (n8n-editor-ui
 * 2.41.1), too little for many actions; the resource says what the label does not and fits.
 */
export function toolSubtitleExpression(): string {
	const entries = RESOURCES.map((r) => `${r.value}:${text(r.name)}`);
	return `={{ ({${entries.join(',')}})[$parameter["resource"]] || $parameter["resource"] }}`;
}

/**
 * The node's `sensitiveOutputFields`: every field an operation declares as holding a key, secret
 * or token (`OperationMeta.sensitiveOutputFields`), each once, sorted. n8n applies the list to
 * every output of the node, whatever the operation, so a declared name must not be an ordinary
 * field of another operation (test/nodes/DocumentSigning/sensitiveOutputFields.test.ts).
 */
export function sensitiveOutputFields(): string[] {
	const fields = new Set<string>();
	for (const resource of RESOURCES) {
		for (const operation of Object.values(resource.operations)) {
			for (const field of operation.meta.sensitiveOutputFields ?? []) fields.add(field);
		}
	}
	return [...fields].sort();
}
