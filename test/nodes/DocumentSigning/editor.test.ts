import { existsSync } from 'fs';
import { join } from 'path';

import type { INode, INodeProperties, INodePropertyOptions, INodeTypes } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION, Workflow } from 'n8n-workflow';

import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES } from '../../../nodes/DocumentSigning/actions/operations';
import { DocumentSigningPollTrigger } from '../../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import { REPO_ROOT } from '../../e2e/n8n';

/** What the editor shows of the action node: canvas subtitle, defaults, tool descriptions. */

const nodeType = new DocumentSigning();
const { description } = nodeType;

/**
 * Whether a property's resource and operation conditions show it for this pair (a parameter may
 * have no resource condition: its operations imply the resource).
 */
function shownFor(p: INodeProperties, resource: string, operation: string): boolean {
	const show = p.displayOptions?.show;
	const allows = (key: string, value: string) =>
		show?.[key] === undefined || (show[key] as string[]).includes(value);
	return allows('resource', resource) && allows('operation', operation);
}

/** Evaluates the subtitle the way the editor does (Workflow.expression.getSimpleParameterValue). */
function subtitleFor(parameters: INode['parameters']): unknown {
	const node: INode = {
		id: 'n',
		name: 'Document Signing',
		type: 'n8n-nodes-document-signing.documentSigning',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	return workflow.expression.getSimpleParameterValue(
		node,
		description.subtitle as string,
		'internal',
		{},
	);
}

describe('canvas subtitle', () => {
	it('shows the action of the chosen operation, e.g. "Create a draft signing request", or its short form', () => {
		expect(subtitleFor({ resource: 'signingRequest', operation: 'createSigningRequest' })).toBe(
			'Create a draft signing request',
		);
		expect(
			subtitleFor({ resource: 'signingRequest', operation: 'createAndSendSigningRequest' }),
		).toBe('Create and send for signature');
		expect(subtitleFor({ resource: 'signingRequest', operation: 'downloadSigningRequest' })).toBe(
			'Download the signed PDF',
		);
		expect(subtitleFor({ resource: 'workspace', operation: 'listWorkspaces' })).toBe(
			'Get many workspaces',
		);
	});

	it('has the action (or its short form) of every operation', () => {
		for (const resource of RESOURCES) {
			for (const op of Object.values(resource.operations)) {
				expect(subtitleFor({ resource: resource.value, operation: op.meta.value })).toBe(
					op.meta.subtitle ?? op.meta.action,
				);
			}
		}
	});

	it('shows an unknown operation as it is', () => {
		expect(subtitleFor({ resource: 'signingRequest', operation: 'somethingOld' })).toBe(
			'somethingOld',
		);
	});
});

describe('actions (node panel, AI tool descriptions)', () => {
	it('gives every operation a short action, unique within its resource', () => {
		for (const resource of RESOURCES) {
			const actions = Object.values(resource.operations).map((op) => op.meta.action);
			expect(new Set(actions).size).toBe(actions.length);
			for (const action of actions) {
				expect(action.length).toBeLessThanOrEqual(60);
				expect(action).toMatch(/^[A-Z][^.]*[^.\s]$/);
			}
		}
	});
});

describe('AI agent tools', () => {
	// n8n 2.x lists every node type with webhooks and an operation of value SEND_AND_WAIT_OPERATION
	// under the agent's "Human in the Loop" tools ("Request human approval for tools"), opening that
	// operation with a Message field (n8n/dist/tool-generation/hitl-tools.js). Send and Wait for
	// Completion waits for a signing request, not for an approval: it must not be offered there.
	it('offers no operation as a Human-in-the-Loop approval tool', () => {
		expect(description.webhooks?.length).toBeGreaterThan(0);
		const values = description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options ?? []) as Array<{ value?: unknown }>)
			.map((option) => option.value);
		expect(values).toContain('sendAndWaitForCompletion');
		expect(values).not.toContain(SEND_AND_WAIT_OPERATION);
	});
});

describe('notices hold wherever the node runs (a public n8n, or npm start with the sandbox)', () => {
	const notice = (properties: INodeProperties[], name: string) =>
		properties.find((p) => p.type === 'notice' && p.name === name)?.displayName ?? '';

	it('Send and Wait says what the service must reach, without demanding a public address', () => {
		const text = notice(description.properties, 'sendAndWaitNotice');
		expect(text).toMatch(
			/it must reach n8n's webhook address \(WEBHOOK_URL; HTTPS unless both run on one machine\)/,
		);
		// In the editor without publishing (npm start's sandbox too) there is no webhook to reach.
		expect(text).toMatch(/A test run of a workflow that is not published has no webhook/);
		expect(text).toMatch(
			/If n8n restarts \(upgrades, crashes, container moves\), publish the example workflow <a href="https:\/\/github\.com\/[^"]+\/examples\/catch-up-after-restart\.json"/,
		);
		expect(text).toMatch(
			/If a wait does not end with its request, check that webhooks are turned on/,
		);
		expect(text).not.toMatch(/set WEBHOOK_URL to n8n's public HTTPS address/i);
	});

	it("the trigger says when to check the service's webhook switch, not that it is off", () => {
		const text = notice(new DocumentSigningTrigger().description.properties, 'masterSwitchNotice');
		expect(text).toMatch(
			/^Events arrive only while webhooks are turned on .*if none arrives, check there first/,
		);
		expect(text).not.toMatch(/^Turn on webhooks/);
	});

	it('the trigger says a restart needs the catch-up workflow, and links it (a file of this repository)', () => {
		const text = notice(new DocumentSigningTrigger().description.properties, 'restartNotice');
		const link =
			/^If n8n restarts \(upgrades, crashes, container moves\), publish the example workflow <a href="https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/main\/([^"]+)" target="_blank">Catch up after an n8n restart<\/a> once: .*catch up/.exec(
				text,
			);
		expect(link?.[1]).toBe('examples/catch-up-after-restart.json');
		expect(existsSync(join(REPO_ROOT, link![1]))).toBe(true);
	});
});

describe('defaults', () => {
	it('opens on Signing Request → Create', () => {
		const resource = description.properties.find((p) => p.name === 'resource') as INodeProperties;
		expect(resource.default).toBe('signingRequest');
		const operation = description.properties.find(
			(p) =>
				p.name === 'operation' &&
				(p.displayOptions?.show?.resource as string[] | undefined)?.includes('signingRequest'),
		) as INodeProperties;
		expect(operation.default).toBe('createSigningRequest');
	});
});

describe('search aliases (codex)', () => {
	it.each([
		['action node', '../../../nodes/DocumentSigning/DocumentSigning.node.json'],
		['trigger', '../../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node.json'],
	])('the %s is found by e-signature, esign, contract and sign', (_name, file) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const codex = require(file) as { alias?: string[] };
		expect(codex.alias).toEqual(
			expect.arrayContaining(['e-signature', 'esign', 'contract', 'sign', 'signature']),
		);
	});

	/**
	 * n8n's node panel search (n8n-editor-ui 2.41.1): a node matches when the typed text, case
	 * ignored, appears in order (not necessarily together) in its name or one of its codex aliases.
	 */
	const panelMatches = (query: string, texts: string[]) =>
		texts.some((text) => {
			let at = 0;
			for (const char of text.toLowerCase()) if (char === query[at]?.toLowerCase()) at++;
			return at === query.length;
		});

	it.each([
		'send for signature',
		'signature request',
		'request signature',
		'e-sign',
		'esignature',
		'electronic signature',
		'sign pdf',
		'contract',
		'download',
		'signed pdf',
		'download signed',
		'download signed pdf',
	])('searching "%s" in the node panel finds the action node', (query) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const codex = require('../../../nodes/DocumentSigning/DocumentSigning.node.json') as {
			alias: string[];
		};
		expect(panelMatches(query, [description.displayName, ...codex.alias])).toBe(true);
	});

	it('the rule above is n8n\'s: "send for signature" does not match the name alone', () => {
		expect(panelMatches('send for signature', [description.displayName])).toBe(false);
		expect(panelMatches('docsign', [description.displayName])).toBe(true);
	});
});

describe("n8n's node panel", () => {
	/**
	 * The actions n8n lists for the node, in its order (n8n-editor-ui 2.41.1,
	 * generateMergedNodesAndActions): resource by resource in the Resource dropdown's order, each
	 * with its Operation dropdown's options in their order, named by their action.
	 */
	function panelActions(): Array<{ resource: string; action: string }> {
		const resource = description.properties.find((p) => p.name === 'resource') as INodeProperties;
		return (resource.options as INodePropertyOptions[]).flatMap((r) => {
			const operation = description.properties.find(
				(p) =>
					p.name === 'operation' &&
					(p.displayOptions?.show?.resource as string[] | undefined)?.includes(String(r.value)),
			) as INodeProperties;
			return (operation.options as INodePropertyOptions[]).map((o) => ({
				resource: r.name,
				action: o.action ?? o.name,
			}));
		});
	}

	it('lists the signing flow first: Signing Request, Template, then the rest alphabetically', () => {
		const resource = description.properties.find((p) => p.name === 'resource') as INodeProperties;
		expect((resource.options as INodePropertyOptions[]).map((o) => o.name)).toEqual([
			'Signing Request',
			'Template',
			'Company',
			'Custom Field',
			'Email Domain',
			'Email Template',
			'JWT',
			'Organization Seal',
			'Signer Terms',
			'Webhook',
			'Workspace',
			'Workspace Setting',
		]);
	});

	it('opens with "Create and send a document for signature", then the draft way and the rest of the flow', () => {
		const actions = panelActions();
		expect(actions).toHaveLength(117);
		expect(actions.slice(0, 7)).toEqual(
			[
				'Create and send a document for signature',
				'Create a draft signing request',
				'Send a draft signing request',
				'Send and wait for completion of a signing request',
				'Get a signing request',
				'Get many signing requests',
				'Download the signed PDF of a signing request',
			].map((action) => ({ resource: 'Signing Request', action })),
		);
		expect(actions.find((a) => a.resource === 'Template')).toEqual({
			resource: 'Template',
			action: 'Create a draft signing request from a template as it is',
		});
		// After the leading ones, each resource's operations keep their alphabetical order.
		const rest = actions.filter((a) => a.resource === 'Company').map((a) => a.action);
		expect(rest[0]).toBe('Delete the logo of the company');
	});

	it('tells the four ways to create a signing request apart, each naming when to use it', () => {
		const option = (resource: string, value: string) => {
			const operation = description.properties.find(
				(p) =>
					p.name === 'operation' &&
					(p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource),
			) as INodeProperties;
			return (operation.options as INodePropertyOptions[]).find((o) => o.value === value)!;
		};
		const createAndSend = option('signingRequest', 'createAndSendSigningRequest');
		const draft = option('signingRequest', 'createSigningRequest');
		const legacy = option('signingRequest', 'createDocumentLegacy');
		const fromTemplate = option('template', 'duplicateTemplate');
		expect(createAndSend.action).toBe('Create and send a document for signature');
		expect(createAndSend.description).toMatch(
			/in one step: the usual way to get a document signed/,
		);
		expect(draft.action).toBe('Create a draft signing request');
		expect(draft.description).toMatch(/without sending it.*To send at once, use Create and Send/);
		expect(legacy.action).toBe('Create a signing request the legacy way (deprecated)');
		expect(legacy.description).toMatch(/^Deprecated: .*For new workflows use Create and Send/);
		expect(fromTemplate.action).toBe('Create a draft signing request from a template as it is');
		expect(fromTemplate.description).toMatch(
			/unchanged.*Use it when the template already names the right people/,
		);
	});

	/**
	 * n8n-editor-ui 2.41.1 (workflows.store generateMergedNodesAndActions, NodeCreator itemsMapper):
	 * a trigger whose name contains "trigger" gets an entry per option of its "Event", "Events" or
	 * "Trigger On" parameter; with such entries the panel lists it without " Trigger" ("Document
	 * Signing Poll"), without them (one placeholder, dropped) under its own name, added in one click.
	 */
	const panelEvents = (trigger: { displayName: string; properties: INodeProperties[] }) => {
		if (!trigger.displayName.toLowerCase().includes('trigger')) return [];
		const events = trigger.properties.find((p) =>
			['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
		);
		return (events?.options ?? []) as INodePropertyOptions[];
	};

	it('lists the Poll Trigger under its own name, with "Trigger" in it', () => {
		const poll = new DocumentSigningPollTrigger().description;
		expect(poll.displayName).toBe('Document Signing Poll Trigger');
		expect(poll.name).not.toBe(`${description.name}Trigger`);
		expect(panelEvents(poll)).toEqual([]);
	});

	it('lists the webhook trigger\'s events inside the Document Signing entry ("Triggers")', () => {
		const trigger = new DocumentSigningTrigger().description;
		expect(trigger.displayName).toBe('Document Signing Trigger');
		expect(panelEvents(trigger).map((o) => o.name)).toEqual(
			expect.arrayContaining(['Signing Request Completed', 'Recipient Declined']),
		);
	});

	it("describes the package as a whole in the entry it shares with the trigger (n8n shows the trigger's description there)", () => {
		const trigger = new DocumentSigningTrigger().description;
		// n8n merges a trigger named "<action node name>Trigger" into the action node's entry and
		// takes the trigger's description for it.
		expect(trigger.name).toBe(`${description.name}Trigger`);
		expect(trigger.description).toMatch(/^Send documents for signature, .*start workflows when/);
		expect(description.description).toMatch(/^Send documents for signature/);
	});
});

describe('recipient form', () => {
	const recipientValues = (operation: string, resource = 'signingRequest') => {
		const recipients = description.properties.find(
			(p) =>
				p.name === 'recipients' &&
				p.type === 'fixedCollection' &&
				p.displayOptions?.show?.operation !== undefined &&
				shownFor(p, resource, operation),
		) as INodeProperties;
		return (recipients.options as Array<{ values: INodeProperties[] }>)[0].values;
	};

	it('shows name, email, designation and order; the rest under "Add Field"', () => {
		const values = recipientValues('createSigningRequest');
		const names = values.map((v) => v.displayName);
		expect(names.slice(-6)).toEqual([
			'First Name',
			'Last Name',
			'Email',
			'Designation',
			'Order',
			'Additional Fields',
		]);
		const more = values.find((v) => v.name === 'additionalFields') as INodeProperties;
		expect(more).toMatchObject({ type: 'collection', placeholder: 'Add Field', default: {} });
		expect((more.options as INodeProperties[]).map((o) => o.name)).toEqual([
			'phone_number',
			'company',
			'title',
			'street_address',
			'city',
			'state_province',
			'postal_code',
			'country',
		]);
		expect(values.length).toBeLessThanOrEqual(8);
	});

	it("from a template, offers the chosen template's users as a dropdown (ID by expression)", () => {
		const values = recipientValues('createSigningRequest');
		const templateUser = values.find((v) => v.name === 'template_user_id') as INodeProperties;
		expect(templateUser).toMatchObject({
			displayName: 'Template User Name or ID',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getTemplateUsersOrOrder',
				loadOptionsDependsOn: ['templateId.value'],
			},
			default: '',
		});
		expect(nodeType.methods.loadOptions.getTemplateUsersOrOrder).toBeInstanceOf(Function);
		expect(templateUser.description).toMatch(/specify an ID using an/);
	});
});

describe('Create and Send', () => {
	it('shows that Name is required before a run fails (n8n 2.41.1 marks no parameter required)', () => {
		const name = description.properties.find(
			(p) => p.name === 'name' && shownFor(p, 'signingRequest', 'createAndSendSigningRequest'),
		) as INodeProperties;
		expect(name).toMatchObject({ displayName: 'Name', type: 'string', required: true });
		expect(name.hint).toBe('Required: the name of the signing request (at most 255 characters)');
		expect(name.placeholder).toMatch(/^e\.g\. /);
	});
});

describe('Create from a template: field changes', () => {
	it('are added with "Change a Template Field", each a "Template Field"', () => {
		const fields = description.properties.find(
			(p) =>
				p.name === 'fields' &&
				p.type === 'fixedCollection' &&
				shownFor(p, 'signingRequest', 'createSigningRequest') &&
				(p.displayOptions?.show?.source as string[] | undefined)?.includes('template'),
		) as INodeProperties;
		expect(fields.placeholder).toBe('Change a Template Field');
		expect((fields.options as Array<{ displayName: string }>)[0].displayName).toBe(
			'Template Field',
		);
	});
});

describe('Limit on the lists the service answers in one piece', () => {
	it.each([
		['signingRequest', 'listSigningRequestAuditTrail'],
		['signingRequest', 'listSigningRequestFields'],
		['signingRequest', 'listSigningRequestUsers'],
		['signingRequest', 'listSigningRequestReminders'],
		['template', 'listTemplateFields'],
		['template', 'listTemplateUsers'],
		['template', 'listTemplateReminders'],
		['customField', 'listTemplateCustomFields'],
		['customField', 'listSigningRequestCustomFields'],
		['customField', 'listWorkspaceCustomFields'],
		['organizationSeal', 'listOrganizationSeals'],
	])('%s → %s has Return All and Limit (50)', (resource, operation) => {
		const shown = (name: string) =>
			description.properties.find(
				(p) =>
					p.name === name &&
					p.displayOptions?.show?.operation !== undefined &&
					shownFor(p, resource, operation),
			);
		expect(shown('returnAll')).toMatchObject({ type: 'boolean', default: false });
		expect(shown('limit')).toMatchObject({ type: 'number', default: 50 });
	});
});

describe('fields form (Create from a PDF)', () => {
	it('shows type, recipient, page, position, required and read-only; the rest under "Add Field"', () => {
		const fields = description.properties.find(
			(p) =>
				p.name === 'fields' &&
				p.type === 'fixedCollection' &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes(
					'createSigningRequest',
				) &&
				(p.displayOptions?.show?.source as string[] | undefined)?.includes('pdf'),
		) as INodeProperties;
		const values = (fields.options as Array<{ values: INodeProperties[] }>)[0].values;
		expect(values.map((v) => v.name)).toEqual([
			'type',
			'recipient_id',
			'page_number',
			'x',
			'y',
			'width',
			'height',
			'required',
			'read_only',
			'additionalFields',
		]);
		const more = values[values.length - 1];
		expect(more).toMatchObject({ type: 'collection', placeholder: 'Add Field' });
		expect((more.options as INodeProperties[]).map((o) => o.displayName)).toEqual([
			'Date Format',
			'Field ID',
			'Prefill From',
			'Read Only Value',
			'Use Signing Date',
			'Variable Name',
		]);
		for (const option of more.options as INodeProperties[]) {
			expect(option.displayOptions).toBeUndefined();
		}
	});
});

describe('fields form (Create and Send)', () => {
	it('shows type, recipient, page, position in points, required and read-only; the rest under "Add Field"', () => {
		const fields = description.properties.find(
			(p) =>
				p.name === 'fields' &&
				p.type === 'fixedCollection' &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes(
					'createAndSendSigningRequest',
				),
		) as INodeProperties;
		const values = (fields.options as Array<{ values: INodeProperties[] }>)[0].values;
		expect(values.map((v) => v.name)).toEqual([
			'type',
			'recipient_id',
			'page_number',
			'x',
			'y',
			'width',
			'height',
			'required',
			'read_only',
			'additionalFields',
		]);
		expect(values.find((v) => v.name === 'x')?.displayName).toBe('X (Points From Left)');
		const more = values[values.length - 1];
		expect(more).toMatchObject({ type: 'collection', placeholder: 'Add Field' });
		expect((more.options as INodeProperties[]).map((o) => o.name)).toEqual(
			expect.arrayContaining(['prefilled_data', 'read_only_value']),
		);
		for (const option of more.options as INodeProperties[]) {
			expect(['id', 'variable_name', 'date_format', 'date_signing_default']).not.toContain(
				option.name,
			);
		}
	});
});
