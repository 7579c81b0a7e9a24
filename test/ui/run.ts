/**
 * `npm run test:ui`: the nodes in n8n's editor, as a new user sees them. Starts the `npm start`
 * stack (./stack.ts: sandbox + n8n 2.41.1 with the package and the examples), drives headless
 * Chromium (Debian's `chromium`, through puppeteer-core) and checks:
 *   - the canvas subtitles of the action node (the action, not the operationId),
 *   - the trigger's entries in the node panel,
 *   - the node panel: "send for signature" finds the package, its Node details describe it, its
 *     actions start with the signing flow, and Create and Send's Name says it is required;
 *     "download", "signed pdf", "download signed" find it first ("sign" among the first three)
 *     and "download" leads to the Download action; the trigger view finds each trigger by its
 *     own name,
 *   - no label of the nodes is cut at the editor's width when hovered,
 *   - the recipient form (main fields on top, the rest under "Add Field"),
 *   - the template-user dropdown of Create from a template,
 *   - the Simplify output of Template → Get Many,
 *   - the options of a collection several operations share (Create a template's Settings),
 *   - one If node on `status` takes the same branch for a request in progress whether Create and
 *     Send, Get or the Document Signing Trigger (the service's "sent" event) feeds it,
 *   - the event choices of Create a webhook (a loadOptions method), in the action node and in its
 *     AI-tool variant,
 *   - the Docs links of the node windows and of the credential, the sandbox's signing page (a
 *     decline there reaching a listening trigger), canvas subtitles and dropdown descriptions read
 *     whole at the editor's width (./copy.ts),
 *   - changing Resource resets Operation to the new resource's default and shows that operation's
 *     form (parameters carry no resource condition where their operation implies it),
 *   - last, a newcomer's journey built through the editor (./journey.ts): Create and Send with
 *     an empty mapped Email refused, sent, Download refused while unfinished and the signed PDF
 *     after signing, a trigger receiving a test event, and one with a wrong secret showing why.
 * It writes the documentation's screenshots to docs/screenshots/ (JPEG: small enough to commit).
 *
 * The strings the checks expect are in EXPECT below. Environment: CHROMIUM (browser binary,
 * default: chromium on PATH), UI_ONLY (run the checks whose name contains it; `a|b`: either),
 * UI_SCREENSHOTS=0 (do not write screenshots), UI_DEBUG_DIR (where a
 * failing check leaves a screenshot and the page's HTML; default .build/ui/failures).
 * Prints "N passed, N failed"; exits 1 when a check failed.
 */
import { execFileSync } from 'child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

import { eventTypeOptions } from '../../nodes/shared/events';
import { login as restLogin, OWNER, REPO_ROOT } from '../e2e/n8n';
import { CREDENTIAL_ID, CREDENTIAL_NAME, type Workflow } from '../e2e/setup';
import { COPY, copyChecks, copyWorkflows } from './copy';
import { journeyChecks, lastExecution, OUTPUT, waitForTexts } from './journey';
import { startStack, type Stack } from './stack';
import { updateChecks, updateWorkflow } from './update';

/** What the editor should show. Adjust here when the nodes' texts change. */
export const EXPECT = {
	/** Canvas subtitles of the action nodes in the "send from a template and wait" example. */
	subtitles: {
		'Create from template': 'Create a draft signing request',
		Send: 'Send a draft signing request',
		'Get status': 'Get a signing request',
		'Download signed PDF': 'Download the signed PDF',
	} as Record<string, string>,
	/** A subtitle must not be a raw operationId such as "createSigningRequest: signingRequest". */
	rawSubtitle: /^[a-z]+[A-Z]\w*(: \w+)?$/,
	/** An Update's recipient entry: Designation and Order left as they are. */
	unchanged: 'Unchanged',
	/** The node panel groups both nodes of the package under this entry. */
	nodePanelItem: 'Document Signing',
	/** What a user types to send a document for signature: it finds the entry (codex aliases). */
	search: 'send for signature',
	/** The entry's "Node details" panel: n8n shows the trigger's description there. */
	nodeDetails:
		'Send documents for signature, follow them and download the signed PDFs; start workflows when documents are signed, declined or expire',
	/** The first actions the entry lists (the signing flow first). */
	firstActions: [
		'Create and send a document for signature',
		'Create a draft signing request',
		'Send a draft signing request',
	],
	/** Create and Send's Name: n8n shows no required marker, so its hint says it. */
	nameHint: 'Required: the name of the signing request (at most 255 characters)',
	/**
	 * What a user types in the node panel for the main tasks (codex aliases), and what it finds
	 * first (n8n-editor-ui 2.41.1 ranks by a fuzzy match of the name, ×1.3, and the aliases).
	 * "sign" cannot put Document Signing first: SIGNL4's name starts with it, and JWT (an alias
	 * "Sign") is more popular; it must be among the first three.
	 */
	panelSearches: { download: 1, 'signed pdf': 1, 'download signed': 1, sign: 3 } as Record<
		string,
		number
	>,
	/** The action the "download" search leads to, among the first actions the entry lists. */
	downloadAction: 'Download the signed PDF of a signing request',
	/** The triggers by their own names in the trigger view's search (the webhook trigger is
	 * merged into the Document Signing entry by n8n: its events are that entry's triggers). */
	triggerNames: {
		'Document Signing Poll Trigger': 'Document Signing Poll Trigger',
		'Document Signing Trigger': 'Document Signing',
	} as Record<string, string>,
	/** Entries the node panel lists for the trigger (search "Document Signing"). */
	triggerEntries: ['Signing Request Completed', 'Recipient Declined'],
	/** What no line of the panel may contain (the old entries: "On signing request signing
	 * request created", "On … declined extra"); compared in lower case. */
	triggerEntriesNot: [' extra', 'signing request signing request'],
	/** Recipient form of Create from a template: shown at once, and only under "Add Field". */
	recipientShown: ['Template User Name or ID', 'First Name', 'Last Name', 'Email', 'Order'],
	recipientHidden: ['Phone Number', 'Company', 'Street Address', 'Postal Code'],
	addField: 'Add Field',
	/** The dropdown lists the demo template's user (see createDemoTemplate). */
	templateUserOption: 'signer@example.com',
	/** Simplified template keys (nodes/DocumentSigning/helpers/output.ts) and one it drops. */
	simplifiedTemplateKeys: [
		'id',
		'name',
		'description',
		'page_count',
		'expiration_hours',
		'date_created',
		'date_changed',
		'created_date',
		'updated_date',
		'document_url',
		'recipients',
		'warnings',
		'key_mode',
	],
	/** "Add Setting" of Create a template: its own settings only, in this order (the Settings
	 * collection is shared with the signing-request operations, which have more). */
	templateSettings: [
		'Allow Download',
		'Attach PDF on Finish',
		'Allow Editing Before Sending',
		'Hand-Drawn Signatures Only',
	],
	addSetting: 'Add Setting',
	/** Create a webhook's event picker: every event of nodes/shared/events.ts, in its order. */
	/** Create a webhook's Scope, by default (the same label as the triggers' and Create Seal's). */
	webhookScope: 'Company (All Workspaces)',
	webhookEvents: eventTypeOptions().map((o) => o.name),
	/** Schema preview (issue 21 §1): a Document Signing node that has not run shows its output
	 * fields in the next node's input panel, from the schema file the build ships. */
	schemaPreview: {
		notice: 'Usually outputs the following fields',
		/** Fields of Create and Send's output (__schema__/v1.0.0/signingRequest/createAndSendSigningRequest.json).
		 * The panel renders the rows in view only: these are the first ones, and those further
		 * down once the panel is scrolled to its end. */
		fields: ['id', 'name', 'status', 'workspace_id', 'sent_at'],
		further: ['recipients', 'signing_link', 'key_mode'],
	},
	/** One If node on `status` (issue 27 §1): the same branch for the same state, whatever feeds it. */
	ifOnStatus: {
		actionsWorkflow: 'dsUiTestIfStat01',
		triggerWorkflow: 'dsUiTestIfTrig01',
		createAndSend: 'Send for signature',
		get: 'Get it',
		trigger: 'On sent',
		ifNode: 'In progress?',
		/** The status word every source gives a request that was sent and not yet signed. */
		status: 'in_progress',
		listening: 'Listening for test event',
	},
	/** Resource changed from Webhook (Create) to Template: Template's default operation and form. */
	resourceChange: {
		resource: 'Template',
		operation: 'Get Many',
		shown: ['Return All', 'Limit'],
		hidden: ['URL', 'Event Names or IDs', 'Additional Event Names'],
	},
};

const NODE_TYPE = 'n8n-nodes-document-signing.documentSigning';
const SHOTS = join(REPO_ROOT, 'docs', 'screenshots');
const DEBUG_DIR = process.env.UI_DEBUG_DIR ?? join(REPO_ROOT, '.build', 'ui', 'failures');
const WRITE_SHOTS = process.env.UI_SCREENSHOTS !== '0';

/**
 * A workflow for the form and output checks: Create from a template, Template → Get Many, Create a
 * template, and Create a webhook (as an action and as an AI tool).
 */
export function uiWorkflow(templateId: string): Workflow {
	const credentials = { documentSigningApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	return {
		id: 'dsUiTestForms001',
		name: 'UI test: recipient form and Simplify',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {
			Start: {
				main: [
					[
						{ node: 'Create from template', type: 'main', index: 0 },
						{ node: 'List templates', type: 'main', index: 0 },
					],
				],
			},
		},
		nodes: [
			{
				id: 'c0000000-0000-4000-8000-000000000001',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'c0000000-0000-4000-8000-000000000002',
				name: 'Create from template',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [260, -100],
				credentials,
				parameters: {
					resource: 'signingRequest',
					operation: 'createSigningRequest',
					source: 'template',
					templateId: { __rl: true, mode: 'id', value: templateId },
					recipientsMode: 'fields',
					recipients: {
						recipient: [
							{ order: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
						],
					},
				},
			},
			{
				id: 'c0000000-0000-4000-8000-000000000003',
				name: 'List templates',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [260, 100],
				credentials,
				parameters: { resource: 'template', operation: 'listTemplates', limit: 2 },
			},
			{
				id: 'c0000000-0000-4000-8000-000000000004',
				name: 'Create template',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [260, 300],
				credentials,
				parameters: {
					resource: 'template',
					operation: 'createTemplate',
					name: 'UI test',
					settingsMode: 'fields',
				},
			},
			{
				// Labels at every depth, hovered: a recipient with an "Add Field" value.
				id: 'c0000000-0000-4000-8000-000000000005',
				name: 'Labels',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [520, -100],
				credentials,
				parameters: {
					resource: 'signingRequest',
					operation: 'createAndSendSigningRequest',
					source: 'template',
					templateId: { __rl: true, mode: 'id', value: templateId },
					name: 'Labels',
					recipientsMode: 'fields',
					recipients: {
						recipient: [
							{
								first_name: 'Ada',
								email: 'ada@example.com',
								additionalFields: { phone_number: '+44 20 7946 0000' },
							},
						],
					},
				},
			},
			{
				// Changing someone: an entry with only the values a user typed (the editor fills the
				// rest with their defaults).
				id: 'c0000000-0000-4000-8000-000000000006',
				name: 'Update draft',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [520, 100],
				credentials,
				parameters: {
					resource: 'signingRequest',
					operation: 'updateSigningRequest',
					signingRequestId: {
						__rl: true,
						mode: 'id',
						value: '00000000-0000-4000-8000-000000000000',
					},
					recipientsMode: 'fields',
					recipients: {
						recipient: [
							{
								ref: { __rl: true, mode: 'id', value: '00000000-0000-4000-8000-000000000001' },
								email: 'robert@example.com',
							},
						],
					},
				},
			},
			...[
				{ name: 'Create webhook', type: NODE_TYPE, y: 500 },
				{ name: 'Create webhook (tool)', type: `${NODE_TYPE}Tool`, y: 700 },
			].map(({ name, type, y }, index) => ({
				id: `c0000000-0000-4000-8000-00000000001${index}`,
				name,
				type,
				typeVersion: 1,
				position: [260, y] as [number, number],
				credentials,
				parameters: {
					resource: 'webhook',
					operation: 'createWebhook',
					url: 'https://example.com/hooks/signing',
				},
			})),
		],
	};
}

/**
 * A workflow for the schema preview: Start → Create and Send (never run) → Download. Download's
 * input panel can only show Create and Send's fields from its output schema.
 */
export function schemaWorkflow(templateId: string): Workflow {
	const credentials = { documentSigningApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	const node = (n: number, name: string, x: number, parameters: Record<string, unknown>) => ({
		id: `c0000000-0000-4000-8000-00000000002${n}`,
		name,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [x, 0] as [number, number],
		credentials,
		parameters,
	});
	return {
		id: 'dsUiTestSchema01',
		name: 'UI test: output fields before the first run',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {
			Start: { main: [[{ node: 'Send for signature', type: 'main', index: 0 }]] },
			'Send for signature': { main: [[{ node: 'Download', type: 'main', index: 0 }]] },
		},
		nodes: [
			{
				id: 'c0000000-0000-4000-8000-000000000020',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			node(1, 'Send for signature', 260, {
				resource: 'signingRequest',
				operation: 'createAndSendSigningRequest',
				source: 'template',
				templateId: { __rl: true, mode: 'id', value: templateId },
				name: 'NDA',
				recipientsMode: 'fields',
				recipients: {
					recipient: [
						{ order: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
					],
				},
			}),
			node(2, 'Download', 520, {
				resource: 'signingRequest',
				operation: 'downloadSigningRequest',
				signingRequestId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			}),
		],
	};
}

/** An If node on `status` that takes the true branch for `in_progress` (its value at `path`). */
function statusIf(
	n: number,
	name: string,
	position: [number, number],
	path: string,
): Workflow['nodes'][number] {
	return {
		id: `c0000000-0000-4000-8000-00000000003${n}`,
		name,
		type: 'n8n-nodes-base.if',
		typeVersion: 2.2,
		position,
		parameters: {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
				conditions: [
					{
						id: 'in-progress',
						leftValue: `={{ ${path} }}`,
						rightValue: EXPECT.ifOnStatus.status,
						operator: { type: 'string', operation: 'equals' },
					},
				],
				combinator: 'and',
			},
			options: {},
		},
	};
}

/**
 * The If-on-status case (issue 27 §1): one If node on `status` fed by Create and Send and by Get
 * of the request it sent; and, in a second workflow, the same If on the Document Signing
 * Trigger's `data.signing_request.status` for the service's "sent" event of that request.
 */
export function ifOnStatusWorkflows(templateId: string): Workflow[] {
	const credentials = { documentSigningApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	const want = EXPECT.ifOnStatus;
	return [
		{
			id: want.actionsWorkflow,
			name: 'UI test: If on status (Create and Send, Get)',
			active: false,
			settings: { executionOrder: 'v1' },
			connections: {
				Start: { main: [[{ node: want.createAndSend, type: 'main', index: 0 }]] },
				[want.createAndSend]: {
					main: [
						[
							{ node: want.ifNode, type: 'main', index: 0 },
							{ node: want.get, type: 'main', index: 0 },
						],
					],
				},
				[want.get]: { main: [[{ node: want.ifNode, type: 'main', index: 0 }]] },
			},
			nodes: [
				{
					id: 'c0000000-0000-4000-8000-000000000030',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'c0000000-0000-4000-8000-000000000031',
					name: want.createAndSend,
					type: NODE_TYPE,
					typeVersion: 1,
					position: [240, 0],
					credentials,
					parameters: {
						resource: 'signingRequest',
						operation: 'createAndSendSigningRequest',
						source: 'template',
						templateId: { __rl: true, mode: 'id', value: templateId },
						name: 'If on status',
						recipientsMode: 'fields',
						recipients: {
							recipient: [
								{ order: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
							],
						},
					},
				},
				{
					id: 'c0000000-0000-4000-8000-000000000032',
					name: want.get,
					type: NODE_TYPE,
					typeVersion: 1,
					position: [480, 160],
					credentials,
					parameters: {
						resource: 'signingRequest',
						operation: 'getSigningRequest',
						signingRequestId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
					},
				},
				statusIf(3, want.ifNode, [720, 0], '$json.status'),
			],
		},
		{
			id: want.triggerWorkflow,
			name: 'UI test: If on status (trigger)',
			active: false,
			settings: { executionOrder: 'v1' },
			connections: {
				[want.trigger]: { main: [[{ node: want.ifNode, type: 'main', index: 0 }]] },
			},
			nodes: [
				{
					id: 'c0000000-0000-4000-8000-000000000034',
					name: want.trigger,
					type: `${NODE_TYPE}Trigger`,
					typeVersion: 2,
					position: [0, 0],
					webhookId: 'c0000000-0000-4000-8000-0000000000ff',
					credentials,
					parameters: { scope: 'company', events: ['signing_request.sent'], options: {} },
				},
				statusIf(5, want.ifNode, [260, 0], '$json.data.signing_request.status'),
			],
		},
	];
}

/**
 * Issue 36 §2: the keys on which two sources of one signing request must agree (each can know
 * them), and those that must not be null after Create and Send and Get.
 */
const SAME = {
	request: [
		'id',
		'name',
		'status',
		'workspace_id',
		'sent_at',
		'expires_at',
		'expiration_hours',
		'page_count',
		'recipient_count',
		'signed_count',
	],
	recipient: ['id', 'name', 'first_name', 'last_name', 'email', 'designation', 'order'],
	event: [
		'id',
		'name',
		'status',
		'workspace_id',
		'template_id',
		'sent_at',
		'expires_at',
		'expiration_hours',
		'page_count',
		'recipient_count',
	],
	eventRecipient: ['id', 'name', 'first_name', 'last_name', 'email', 'order'],
	filled: ['workspace_id', 'expires_at', 'recipients'],
};

/** Throws unless `a` and `b` have the same values at `keys`, and their recipients (by id) at `recipientKeys`. */
function sameValues(
	aName: string,
	a: any,
	bName: string,
	b: any,
	keys: string[],
	recipientKeys: string[],
): void {
	const differ = keys.filter((key) => JSON.stringify(a?.[key]) !== JSON.stringify(b?.[key]));
	expect(
		differ.length === 0,
		`${aName} and ${bName} differ: ${differ.map((k) => `${k} ${JSON.stringify(a?.[k])} / ${JSON.stringify(b?.[k])}`).join('; ')}`,
	);
	const people = (x: any) =>
		JSON.stringify(
			[...(x?.recipients ?? [])]
				.sort((p: any, q: any) => String(p.id).localeCompare(String(q.id)))
				.map((p: any) => recipientKeys.map((key) => p[key])),
		);
	expect(
		people(a) === people(b) && (a?.recipients ?? []).length > 0,
		`recipients: ${aName} ${people(a)}, ${bName} ${people(b)}`,
	);
}

const sleep = async (ms: number) => await new Promise((r) => setTimeout(r, ms));

function findChromium(): string {
	if (process.env.CHROMIUM) return process.env.CHROMIUM;
	for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
		try {
			return execFileSync('which', [name], { encoding: 'utf8' }).trim();
		} catch {
			/* next */
		}
	}
	throw new Error('No Chromium found: apt-get install -y chromium (or set CHROMIUM)');
}

async function shot(page: Page, name: string): Promise<void> {
	if (!WRITE_SHOTS) return;
	mkdirSync(SHOTS, { recursive: true });
	await page.screenshot({ path: join(SHOTS, `${name}.jpg`), type: 'jpeg', quality: 85 });
}

/** Texts of the elements matching a selector (visible ones only). */
async function texts(page: Page, selector: string): Promise<string[]> {
	return await page.$$eval(selector, (els) =>
		els.filter((el) => (el as any).offsetParent !== null).map((el) => (el as any).innerText.trim()),
	);
}

async function clickText(page: Page, selector: string, text: string): Promise<void> {
	const handles = await page.$$(selector);
	for (const handle of handles) {
		const t = await handle.evaluate((el) => (el as any).innerText.trim());
		if (t === text) {
			await handle.click();
			return;
		}
	}
	throw new Error(`No ${selector} with text "${text}"`);
}

async function login(page: Page, url: string): Promise<void> {
	await page.goto(`${url}/signin`, { waitUntil: 'networkidle2' });
	await page.type('#emailOrLdapLoginId', OWNER.email);
	await page.type('#password', OWNER.password);
	await Promise.all([
		page.waitForNavigation({ waitUntil: 'networkidle2' }),
		page.click('[data-test-id="form-submit-button"]'),
	]);
}

async function openWorkflow(page: Page, url: string, id: string): Promise<void> {
	await page.goto(`${url}/workflow/${id}`, { waitUntil: 'networkidle2' });
	await page.waitForSelector('[data-test-id="canvas-node"]');
	await sleep(1000);
}

async function openNode(page: Page, name: string): Promise<void> {
	const node = await page.waitForSelector(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
	await node!.click({ count: 2 });
	await page.waitForSelector('[data-test-id="ndv"]');
	await sleep(1500);
}

/** A new workflow with a Manual Trigger, the node panel open on "What happens next?". */
async function openActionPanel(page: Page, url: string): Promise<void> {
	await page.goto(`${url}/workflow/new`, { waitUntil: 'networkidle2' });
	await (await page.waitForSelector('[data-test-id="canvas-add-button"]'))!.click();
	const search = await page.waitForSelector('input[data-test-id="node-creator-search-bar"]');
	await search!.type('Manual');
	await sleep(1000);
	await page.keyboard.press('Enter');
	await sleep(1500);
	await page.keyboard.press('Escape');
	await sleep(800);
	await (await page.waitForSelector('[data-test-id="canvas-handle-plus"]'))!.click();
	await sleep(1000);
}

/** The lines of the node panel, trimmed, without empty ones. */
async function panelLines(page: Page): Promise<string[]> {
	return (
		await page.$eval('[data-test-id="node-creator"]', (el) => (el as any).innerText as string)
	)
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '');
}

async function closeNode(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await sleep(800);
}

function expect(condition: boolean, message: string): void {
	if (!condition) throw new Error(message);
}

type Check = { name: string; run: (page: Page) => Promise<void> };

function checks(stack: Stack): Check[] {
	const url = stack.inst.url;
	const sendAndWait = stack.examples['send-from-template-and-wait'].id;
	const forms = uiWorkflow(stack.templateId).id;
	const schema = schemaWorkflow(stack.templateId).id;
	return [
		{
			name: 'canvas subtitles show the action, not the operationId',
			run: async (page) => {
				await openWorkflow(page, url, sendAndWait);
				const subtitles = await page.$$eval(
					`[data-test-id="canvas-node"][data-node-type="${NODE_TYPE}"]`,
					(els) =>
						els.map((el) => ({
							name: el.getAttribute('data-node-name') ?? '',
							subtitle: (el.querySelector('[class*="_subtitle_"]') as any)?.innerText.trim() ?? '',
						})),
				);
				await shot(page, 'workflow');
				expect(subtitles.length > 0, 'no Document Signing node on the canvas');
				for (const { name, subtitle } of subtitles) {
					expect(
						!EXPECT.rawSubtitle.test(subtitle),
						`"${name}" shows the raw subtitle "${subtitle}"`,
					);
					if (EXPECT.subtitles[name] !== undefined)
						expect(
							subtitle === EXPECT.subtitles[name],
							`"${name}": subtitle "${subtitle}", expected "${EXPECT.subtitles[name]}"`,
						);
				}
			},
		},
		{
			name: "the node panel lists the trigger's events by readable names",
			run: async (page) => {
				// A new workflow: the node panel opens on triggers ("What triggers this workflow?").
				await page.goto(`${url}/workflow/new`, { waitUntil: 'networkidle2' });
				await (await page.waitForSelector('[data-test-id="canvas-add-button"]'))!.click();
				const search = await page.waitForSelector('input[data-test-id="node-creator-search-bar"]');
				await search!.type('Document Signing');
				await sleep(1500);
				await clickText(page, '[data-test-id="node-creator-item-name"]', EXPECT.nodePanelItem);
				await sleep(1500);
				// The trigger's events: every line of the panel.
				const entries = (
					await page.$eval('[data-test-id="node-creator"]', (el) => (el as any).innerText as string)
				)
					.split('\n')
					.map((line) => line.trim())
					.filter((line) => line !== '');
				await shot(page, 'trigger-events');
				for (const wanted of EXPECT.triggerEntries)
					expect(
						entries.some((e) => e.includes(wanted)),
						`no entry "${wanted}" in ${JSON.stringify(entries)}`,
					);
				for (const bad of EXPECT.triggerEntriesNot) {
					const found = entries.find((e) => e.toLowerCase().includes(bad));
					expect(found === undefined, `entry "${found}" contains "${bad}"`);
				}
				await page.keyboard.press('Escape');
			},
		},
		{
			name: 'the node panel finds the package by "send for signature" and lists the signing flow first',
			run: async (page) => {
				await openActionPanel(page, url);
				const search = await page.waitForSelector('input[data-test-id="node-creator-search-bar"]');
				await search!.type(EXPECT.search);
				await sleep(1500);
				await clickText(page, '[data-test-id="node-creator-item-name"]', EXPECT.nodePanelItem);
				await sleep(1500);
				const lines = await panelLines(page);
				await shot(page, 'node-panel-actions');
				expect(
					lines.includes(EXPECT.nodeDetails),
					`no "${EXPECT.nodeDetails}" in ${JSON.stringify(lines.slice(0, 8))}`,
				);
				// After the "Actions (117)" heading: resource labels ("SIGNING REQUEST ACTIONS") and
				// the actions, in the node's order.
				const start = lines.findIndex((line) => /^Actions \(\d+\)$/.test(line));
				const actions = lines.slice(start + 1).filter((line) => !/ ACTIONS$/.test(line));
				expect(
					start >= 0 &&
						JSON.stringify(actions.slice(0, EXPECT.firstActions.length)) ===
							JSON.stringify(EXPECT.firstActions),
					`actions start with ${JSON.stringify(lines.slice(start, start + 6))}`,
				);
				// The first action adds Create and Send: its Name says it is required.
				await clickText(page, '[data-test-id="node-creator-item-name"]', EXPECT.firstActions[0]);
				await page.waitForSelector('[data-test-id="ndv"]');
				await sleep(1500);
				const ndv = await page.$eval('[data-test-id="ndv"]', (el) => (el as any).innerText);
				await shot(page, 'create-and-send');
				expect(
					String(ndv).includes(EXPECT.nameHint),
					`no "${EXPECT.nameHint}" in the form of Create and Send`,
				);
				await closeNode(page);
			},
		},
		{
			name: 'the node panel finds the package by the words of its tasks; "download" leads to Download',
			run: async (page) => {
				for (const [word, within] of Object.entries(EXPECT.panelSearches)) {
					await openActionPanel(page, url);
					const search = await page.waitForSelector(
						'input[data-test-id="node-creator-search-bar"]',
					);
					await search!.type(word);
					await sleep(1500);
					const names = await texts(page, '[data-test-id="node-creator-item-name"]');
					const at = names.indexOf(EXPECT.nodePanelItem);
					expect(
						at >= 0 && at < within,
						`"${word}": ${EXPECT.nodePanelItem} is entry ${at + 1} of ${JSON.stringify(names.slice(0, 6))}, expected within the first ${within}`,
					);
					if (word !== 'download') {
						await page.keyboard.press('Escape');
						continue;
					}
					await shot(page, 'node-panel-search-download');
					await clickText(page, '[data-test-id="node-creator-item-name"]', EXPECT.nodePanelItem);
					await sleep(1500);
					// The entry opens on its actions (n8n offers no search inside a community node's
					// entry): Download is among them, shown without scrolling.
					const shown = await page.evaluate((action: string) => {
						const doc = (globalThis as any).document;
						const item = [...doc.querySelectorAll('[data-test-id="node-creator-item-name"]')].find(
							(el: any) => el.innerText.trim() === action,
						) as any;
						if (!item) return 'missing';
						const box = item.getBoundingClientRect();
						return box.bottom <= (globalThis as any).innerHeight && box.top >= 0
							? 'visible'
							: 'scrolled away';
					}, EXPECT.downloadAction);
					await shot(page, 'node-panel-download');
					expect(
						shown === 'visible',
						`"${EXPECT.downloadAction}" is ${shown} in ${JSON.stringify((await panelLines(page)).slice(0, 20))}`,
					);
					await page.keyboard.press('Escape');
				}
			},
		},
		{
			name: "the trigger view finds each trigger by its own name; the Poll Trigger's entry says Trigger",
			run: async (page) => {
				for (const [query, entry] of Object.entries(EXPECT.triggerNames)) {
					await page.goto(`${url}/workflow/new`, { waitUntil: 'networkidle2' });
					await (await page.waitForSelector('[data-test-id="canvas-add-button"]'))!.click();
					const search = await page.waitForSelector(
						'input[data-test-id="node-creator-search-bar"]',
					);
					await search!.type(query);
					await sleep(1500);
					const names = await texts(page, '[data-test-id="node-creator-item-name"]');
					expect(
						names[0] === entry,
						`"${query}" finds ${JSON.stringify(names.slice(0, 5))}, expected "${entry}" first`,
					);
					if (entry === 'Document Signing Poll Trigger') {
						await shot(page, 'trigger-poll-by-name');
						// Its entry opens its details (n8n does so for every community node), whose "Add
						// to workflow" adds it: it has no event list of its own to choose from.
						await clickText(page, '[data-test-id="node-creator-item-name"]', entry);
						await sleep(1000);
						await clickText(page, '[data-test-id="node-creator"] button', 'Add to workflow');
						await page.waitForSelector('[data-test-id="ndv"]');
						await closeNode(page);
						const types = await page.$$eval('[data-test-id="canvas-node"]', (els) =>
							els.map((el) => el.getAttribute('data-node-type')),
						);
						expect(
							types.includes('n8n-nodes-document-signing.documentSigningPollTrigger'),
							`canvas nodes: ${JSON.stringify(types)}`,
						);
					} else await page.keyboard.press('Escape');
				}
			},
		},
		{
			name: "no label of the nodes is cut at the editor's width when hovered",
			run: async (page) => {
				await openWorkflow(page, url, forms);
				await openNode(page, 'Labels');
				// The most a label's text may take, hovered (its "Fixed | Expression" switch then takes
				// room), measured on the page by giving a label a text too long for it: at each depth
				// (form, list entry, an entry's "Add Field"), less for a text field (one button more)
				// and for a label with a description (its "?" icon).
				const room: Record<string, number> = {};
				for (const label of [
					'Recipients Input',
					'Designation',
					'Template User Name or ID',
					'Last Name',
					'Phone Number',
				]) {
					const handle = await page.evaluateHandle(
						(text: string) =>
							[
								...(globalThis as any).document.querySelectorAll(
									'[data-test-id="ndv"] label.n8n-input-label [class*="_title_"]',
								),
							].find((el: any) => el.innerText.trim() === text),
						label,
					);
					expect(await handle.evaluate((el) => el !== undefined), `no label "${label}"`);
					await (handle as any).hover();
					await sleep(500);
					room[label] = await handle.evaluate((el: any) => {
						const span = el.querySelector('span');
						const text = span.firstChild;
						const before = text.textContent;
						text.textContent = 'W'.repeat(120);
						const width = span.clientWidth;
						text.textContent = before;
						return width;
					});
				}
				const descriptionCost = room['Designation'] - room['Template User Name or ID'];
				const textCost = room['Designation'] - room['Last Name'];
				const space = {
					base: [
						room['Recipients Input'] + descriptionCost,
						room['Designation'],
						room['Phone Number'] + textCost,
					],
					descriptionCost,
					textCost,
				};
				await page.evaluate(() => (globalThis as any).document.fonts.ready);
				await shot(page, 'labels');
				// Every label of the package's nodes, measured in the labels' font. Other systems
				// draw it wider: "Template Recipient Name or ID" (175 px here, in 184) was cut
				// elsewhere, so a label must leave 8% of its room.
				const cut = await page.evaluate(async (space: any) => {
					const doc = (globalThis as any).document;
					const font = (globalThis as any).getComputedStyle(
						doc.querySelector('[data-test-id="ndv"] label.n8n-input-label [class*="_title_"] span'),
					).font;
					const canvas = doc.createElement('canvas').getContext('2d');
					canvas.font = font;
					const types = (await (await fetch('/types/nodes.json')).json()) as any[];
					const found: string[] = [];
					const visit = (properties: any[], depth: number, node: string) => {
						for (const p of properties ?? []) {
							if (p.type === 'notice' || p.type === 'hidden') continue;
							const base = space.base[depth] ?? space.base[2] - 32 * (depth - 2);
							const text = ['string', 'json', 'dateTime'].includes(p.type);
							const limit =
								(base - (text ? space.textCost : 0) - (p.description ? space.descriptionCost : 0)) *
								0.92;
							const width = canvas.measureText(p.displayName ?? '').width;
							if (width > limit)
								found.push(
									`${node}: "${p.displayName}" (${Math.round(width)} px, room ${Math.round(limit)} at depth ${depth})`,
								);
							if (p.type === 'fixedCollection')
								for (const o of p.options ?? []) visit(o.values, depth + 1, node);
							if (p.type === 'collection') visit(p.options, depth + 1, node);
						}
					};
					for (const type of types.filter((t: any) =>
						t.name.startsWith('n8n-nodes-document-signing.'),
					))
						visit(type.properties, 0, type.displayName);
					return [...new Set(found)];
				}, space);
				expect(
					cut.length === 0,
					`labels cut: ${JSON.stringify(cut)} (room ${JSON.stringify(space)})`,
				);
				await closeNode(page);
			},
		},
		{
			name: 'recipient form: main fields on top, the rest under "Add Field"',
			run: async (page) => {
				await openWorkflow(page, url, forms);
				await openNode(page, 'Create from template');
				const labels = await texts(
					page,
					'[data-test-id="ndv"] [data-test-id="parameter-input-label"], [data-test-id="ndv"] label',
				);
				// The recipient entry's "Add Field" (a collection's dropdown: an input with that
				// placeholder). Show the whole entry, down to it.
				const addFields = await page.evaluate((text) => {
					const inputs = [
						...(globalThis as any).document.querySelectorAll(
							`[data-test-id="ndv"] input[placeholder="${text}"]`,
						),
					];
					inputs[0]?.scrollIntoView({ block: 'end' });
					return inputs.length;
				}, EXPECT.addField);
				await sleep(500);
				await shot(page, 'recipient-form');
				const has = (label: string) => labels.some((l) => l.split('\n')[0].startsWith(label));
				for (const label of EXPECT.recipientShown)
					expect(has(label), `no "${label}" in the form: ${JSON.stringify(labels)}`);
				for (const label of EXPECT.recipientHidden)
					expect(!has(label), `"${label}" is shown before "Add Field"`);
				expect(addFields === 1, `${addFields} "${EXPECT.addField}" dropdowns, expected 1`);
			},
		},
		{
			name: 'Update: a recipient entry keeps Designation and Order "Unchanged"',
			run: async (page) => {
				await openWorkflow(page, url, forms);
				await openNode(page, 'Update draft');
				const input = (name: string) =>
					page.$eval(
						`[data-test-id="ndv"] [data-test-id="parameter-input-${name}"] input`,
						(el) => ({
							value: (el as any).value as string,
							placeholder: (el as any).getAttribute('placeholder') as string,
						}),
					);
				const orderField = '[data-test-id="ndv"] [data-test-id="parameter-input-order"]';
				await page.waitForSelector(orderField);
				await page.$eval(orderField, (el) => (el as any).scrollIntoView({ block: 'center' }));
				await sleep(500);
				await shot(page, 'update-recipient');
				const designation = await input('designation');
				const order = await input('order');
				expect(designation.value === EXPECT.unchanged, `Designation shows "${designation.value}"`);
				expect(
					order.value === '' && order.placeholder === EXPECT.unchanged,
					`Order shows "${order.value}" (placeholder "${order.placeholder}")`,
				);
				await closeNode(page);
			},
		},
		{
			name: "Create from a template: the Template User dropdown lists the template's users",
			run: async (page) => {
				await openWorkflow(page, url, forms);
				await openNode(page, 'Create from template');
				const input = await page.waitForSelector(
					'[data-test-id="ndv"] [data-test-id="parameter-input-template_user_id"]',
				);
				await input!.click();
				await sleep(2500);
				const options = await texts(page, '.el-select-dropdown__item, [role="option"]');
				await shot(page, 'template-user');
				expect(
					options.some((o) => o.includes(EXPECT.templateUserOption)),
					`no option with "${EXPECT.templateUserOption}": ${JSON.stringify(options)}`,
				);
			},
		},
		{
			name: "Create a template: Add Setting lists the template's settings only",
			run: async (page) => {
				await openWorkflow(page, url, forms);
				await openNode(page, 'Create template');
				const items = '.el-select-dropdown__item, [role="option"], [role="menuitem"]';
				const before = new Set(await texts(page, items));
				const add = await page.evaluateHandle((text) => {
					const all = [...(globalThis as any).document.querySelectorAll('[data-test-id="ndv"] *')];
					return all
						.filter((el: any) => el.offsetParent !== null && el.children.length === 0)
						.find(
							(el: any) =>
								(el.innerText ?? '').trim() === text || el.getAttribute('placeholder') === text,
						);
				}, EXPECT.addSetting);
				expect((await add.evaluate((el) => el !== undefined)) === true, 'no "Add Setting"');
				await (add as any).click();
				await sleep(1500);
				const options = (await texts(page, items)).filter((o) => !before.has(o));
				await shot(page, 'template-settings');
				expect(
					JSON.stringify(options) === JSON.stringify(EXPECT.templateSettings),
					`settings offered: ${JSON.stringify(options)}`,
				);
				await page.keyboard.press('Escape');
				await closeNode(page);
			},
		},
		...['Create webhook', 'Create webhook (tool)'].map((node) => ({
			name: `${node}: the Scope is named as elsewhere, the event picker lists every event, in order`,
			run: async (page: Page) => {
				await openWorkflow(page, url, forms);
				await openNode(page, node);
				const input = await page.waitForSelector(
					'[data-test-id="ndv"] [data-test-id="parameter-input-events"]',
				);
				// The Scope switch is named as in the triggers and Create Seal.
				const scope = await page.$eval(
					'[data-test-id="ndv"] [data-test-id="parameter-input-scope"] input',
					(el) => (el as any).value as string,
				);
				expect(scope === EXPECT.webhookScope, `Scope shows "${scope}"`);
				if (node === 'Create webhook') await shot(page, 'webhook-scope');
				await input!.click();
				await sleep(2500);
				const options = (await texts(page, '.el-select-dropdown__item, [role="option"]')).map((o) =>
					o.split('\n')[0].trim(),
				);
				await shot(page, node === 'Create webhook' ? 'webhook-events' : 'webhook-events-tool');
				expect(
					JSON.stringify(options) === JSON.stringify(EXPECT.webhookEvents),
					`events offered: ${JSON.stringify(options)}`,
				);
				await page.keyboard.press('Escape');
				await closeNode(page);
			},
		})),
		{
			name: 'Template → Get Many returns the simplified template',
			run: async (page) => {
				await openWorkflow(page, url, forms);
				await openNode(page, 'List templates');
				const params = await texts(page, '[data-test-id="ndv"] [data-test-id="parameter-item"]');
				expect(
					params.some((p) => p.startsWith('Simplify')),
					`no Simplify option: ${JSON.stringify(params)}`,
				);
				await page.click('[data-test-id="ndv"] [data-test-id="node-execute-button"]');
				await page.waitForSelector('[data-test-id="ndv"] [data-test-id="output-panel"] th', {
					timeout: 60_000,
				});
				await sleep(1000);
				const columns = (await texts(page, '[data-test-id="ndv"] [data-test-id="output-panel"] th'))
					.map((c) => c.split('\n')[0].trim())
					.filter((c) => c !== '');
				await shot(page, 'simplify-output');
				expect(columns.includes('id') && columns.includes('name'), `columns: ${columns}`);
				const extra = columns.filter((c) => !EXPECT.simplifiedTemplateKeys.includes(c));
				expect(extra.length === 0, `not simplified, extra columns: ${JSON.stringify(extra)}`);
			},
		},
		{
			name: "a Document Signing node that has not run shows its output fields in the next node's input panel",
			run: async (page) => {
				await openWorkflow(page, url, schema);
				await openNode(page, 'Download');
				const input = '[data-test-id="ndv"] [data-test-id="ndv-input-panel"]';
				const want = EXPECT.schemaPreview;
				const fields = async () =>
					(await texts(page, `${input} [data-test-id="run-data-schema-item"]`)).map((t) =>
						t.split('\n')[0].trim(),
					);
				const deadline = Date.now() + 30_000;
				let shown = await fields();
				while (!want.fields.every((f) => shown.includes(f)) && Date.now() < deadline) {
					await sleep(500);
					shown = await fields();
				}
				// Scroll the panel down step by step: it renders the rows in view only.
				for (let step = 0; step < 12; step++) {
					await page.evaluate((sel: string) => {
						for (const el of (globalThis as any).document.querySelectorAll(`${sel} *`)) {
							if (el.scrollHeight > el.clientHeight + 10) el.scrollTop += 300;
						}
					}, input);
					await sleep(300);
					shown = [...new Set([...shown, ...(await fields())])];
				}
				const panel = String(await page.$eval(input, (el) => (el as any).innerText)).replace(
					/\s+/g,
					' ',
				);
				await shot(page, 'schema-preview');
				expect(
					panel.includes(want.notice),
					`no "${want.notice}" in the input panel: ${panel.slice(0, 400)}`,
				);
				const missing = [...want.fields, ...want.further].filter((f) => !shown.includes(f));
				expect(
					missing.length === 0,
					`fields ${JSON.stringify(missing)} not shown; shown: ${JSON.stringify(shown)}`,
				);
				expect(
					stack.sandbox.requests.every(
						(r) => !r.path.startsWith('/signing-requests/create-and-send'),
					),
					'Create and Send ran: the fields may come from its output, not from the schema',
				);
				await closeNode(page);
			},
		},
		{
			name: 'after a restart: Send and Wait and the webhook trigger link the catch-up workflow',
			run: async (page) => {
				// The link as the editor renders it in a node's notice (a real <a>, opening a tab).
				const restartLink = async () =>
					page.$$eval('[data-test-id="ndv"] a', (links) =>
						links
							.map((a) => ({
								text: String((a as any).innerText).trim(),
								href: String((a as any).getAttribute('href')),
								target: String((a as any).getAttribute('target')),
								visible: (a as any).getBoundingClientRect().height > 0,
							}))
							.filter((a) => a.text === 'Catch up after an n8n restart'),
					);
				const checkLink = async (where: string) => {
					const links = await restartLink();
					expect(links.length === 1, `${where}: ${links.length} "Catch up" links`);
					expect(
						links[0].visible &&
							links[0].target === '_blank' &&
							links[0].href.endsWith('/blob/main/examples/catch-up-after-restart.json'),
						`${where}: the link is ${JSON.stringify(links[0])}`,
					);
				};
				await openWorkflow(page, url, stack.examples['send-and-wait-for-completion'].id);
				await openNode(page, 'Send and wait for completion');
				await checkLink('Send and Wait');
				await shot(page, 'restart-notice-send-and-wait');
				await closeNode(page);
				await openWorkflow(page, url, COPY.subtitlesWorkflow);
				await openNode(page, 'On completion');
				await checkLink('Document Signing Trigger');
				await shot(page, 'restart-notice-trigger');
				await closeNode(page);
			},
		},
		{
			name: 'If on status: Create and Send, Get and the trigger take the same branch for a request in progress, with the same values',
			run: async (page) => {
				const want = EXPECT.ifOnStatus;
				const sandbox = stack.sandbox;
				const listening = () =>
					sandbox.webhooks.records.find(
						(r) =>
							r.url.startsWith(`${url}/webhook-test/`) &&
							r.deleted_at === null &&
							JSON.stringify(r.events) === '["signing_request.sent"]',
					);
				const ifDone = `[data-test-id="canvas-node"][data-node-name="${want.ifNode}"] [data-test-id="canvas-node-status-success"]`;
				// The trigger's workflow listens for the service's "sent" event (Execute workflow).
				await openWorkflow(page, url, want.triggerWorkflow);
				await page.click('[data-test-id="execute-workflow-button"]');
				const deadline = Date.now() + 60_000;
				while (!listening() && Date.now() < deadline) await sleep(200);
				expect(listening() !== undefined, 'the trigger registered no test webhook at the sandbox');

				// Meanwhile, in a second tab, Create and Send → (If, Get → If) runs.
				const other = await page.browser().newPage();
				other.setDefaultTimeout(90_000);
				other.on('dialog', (dialog) => void dialog.accept());
				try {
					await openWorkflow(other, url, want.actionsWorkflow);
					await other.click('[data-test-id="execute-workflow-button"]');
					await other.waitForSelector(ifDone, { timeout: 60_000 });
					await sleep(1000);
					await shot(other, 'if-on-status');
					// Get's output: the recipients, the workspace and the expiry, as Create and Send has them.
					await openNode(other, want.get);
					await waitForTexts(
						other,
						OUTPUT,
						['workspace_id', 'expires_at', 'recipients', 'Ada'],
						"Get's output",
					);
					await shot(other, 'same-values-get');
				} finally {
					await other.close();
				}
				// The trigger got the "sent" event of that request and ran its If.
				await page.waitForSelector(ifDone, { timeout: 60_000 });
				await sleep(1000);
				await shot(page, 'if-on-status-trigger');

				// What n8n stored: every If run took the true branch with the same request.
				const cookie = await restLogin(stack.inst);
				const branches = (runs: any[] | undefined) =>
					(runs ?? []).map((run) => {
						const [kept, dropped] = run?.data?.main ?? [];
						return { kept: (kept ?? []).map((i: any) => i.json), dropped: (dropped ?? []).length };
					});
				const actions = (await lastExecution(stack, cookie, want.actionsWorkflow)).resultData
					.runData;
				const sent = actions[want.createAndSend]?.[0]?.data?.main?.[0]?.[0]?.json;
				expect(sent?.status === want.status, `Create and Send output ${JSON.stringify(sent)}`);
				const fromActions = branches(actions[want.ifNode]);
				expect(
					fromActions.length === 2 &&
						fromActions.every(
							(b) =>
								b.dropped === 0 &&
								b.kept.length === 1 &&
								b.kept[0].id === sent.id &&
								b.kept[0].status === want.status,
						),
					`the If fed by Create and Send and Get: ${JSON.stringify(fromActions)}`,
				);
				const trigger = (await lastExecution(stack, cookie, want.triggerWorkflow)).resultData
					.runData;
				const fromTrigger = branches(trigger[want.ifNode]);
				const request = fromTrigger[0]?.kept[0]?.data?.signing_request;
				expect(
					fromTrigger.length === 1 &&
						fromTrigger[0].dropped === 0 &&
						request?.id === sent.id &&
						request?.status === want.status,
					`the If fed by the trigger: ${JSON.stringify(fromTrigger)}`,
				);

				// Issue 36 §2: the same request, the same values, for what each source can know.
				const got = actions[want.get]?.[0]?.data?.main?.[0]?.[0]?.json;
				sameValues('Create and Send', sent, 'Get', got, SAME.request, SAME.recipient);
				sameValues(
					'Create and Send',
					sent,
					'the trigger',
					request,
					SAME.event,
					SAME.eventRecipient,
				);
				for (const key of SAME.filled)
					expect(
						sent[key] !== null && got[key] !== null,
						`${key}: Create and Send ${JSON.stringify(sent[key])}, Get ${JSON.stringify(got[key])}`,
					);
			},
		},
		// Issue 36 §3, §5, §7: Docs links, the sandbox's signing page, texts read whole.
		...copyChecks(stack, { shot, openWorkflow, openNode, closeNode }),
		{
			// Last: it leaves the workflow changed in the editor.
			name: "changing Resource resets Operation and shows the new operation's form",
			run: async (page: Page) => {
				await openWorkflow(page, url, forms);
				await openNode(page, 'Create webhook');
				const want = EXPECT.resourceChange;
				await (await page.waitForSelector(
					'[data-test-id="ndv"] [data-test-id="parameter-input-resource"]',
				))!.click();
				await sleep(800);
				await clickText(page, '.el-select-dropdown__item, [role="option"]', want.resource);
				await sleep(1500);
				const operation = await page.$eval(
					'[data-test-id="ndv"] [data-test-id="parameter-input-operation"] input',
					(el) => (el as any).value as string,
				);
				const labels = (
					await texts(page, '[data-test-id="ndv"] [data-test-id="parameter-item"]')
				).map((l) => l.split('\n')[0].trim());
				expect(operation === want.operation, `Operation shows "${operation}"`);
				for (const label of want.shown)
					expect(labels.includes(label), `no "${label}" in ${JSON.stringify(labels)}`);
				for (const label of want.hidden)
					expect(!labels.includes(label), `"${label}" still shown: ${JSON.stringify(labels)}`);
				await closeNode(page);
			},
		},
		// Last: its final step adds a second credential, which n8n then gives to new nodes.
		...updateChecks(stack, shot, openNode),
		...journeyChecks(stack, shot),
	];
}

async function main(): Promise<void> {
	const only = process.env.UI_ONLY;
	const began = Date.now();
	const seconds = () => `${Math.round((Date.now() - began) / 1000)} s`;
	console.log('Starting the sandbox and n8n (like npm start, in a temporary folder)...');
	const stack = await startStack(
		(line) => console.log(line),
		(id) => [
			uiWorkflow(id),
			schemaWorkflow(id),
			...ifOnStatusWorkflows(id),
			updateWorkflow(id),
			...copyWorkflows(id),
		],
	);
	let browser: Browser | undefined;
	const profile = mkdtempSync(join(tmpdir(), 'ui-test-chromium-'));
	let passed = 0;
	let failed = 0;
	try {
		browser = await puppeteer.launch({
			executablePath: findChromium(),
			userDataDir: profile,
			headless: true,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--window-size=1440,900',
			],
			defaultViewport: { width: 1440, height: 900 },
		});
		console.log(`Stack ready after ${seconds()}`);
		const page = await browser.newPage();
		page.setDefaultTimeout(90_000);
		// Leaving a page with changes may ask "Leave site?": the editor saves by itself.
		page.on('dialog', (dialog) => void dialog.accept());
		await login(page, stack.inst.url);
		for (const check of checks(stack)) {
			if (only && !only.split('|').some((part) => check.name.includes(part))) continue;
			const began = Date.now();
			const took = () => `(${((Date.now() - began) / 1000).toFixed(1)} s)`;
			try {
				await check.run(page);
				passed++;
				console.log(`  ✓ ${check.name} ${took()}`);
			} catch (err) {
				failed++;
				console.log(
					`  ✗ ${check.name} ${took()}\n      ${err instanceof Error ? err.message : err}`,
				);
				mkdirSync(DEBUG_DIR, { recursive: true });
				const base = join(DEBUG_DIR, check.name.replace(/[^\w]+/g, '-').slice(0, 60));
				await page.screenshot({ path: `${base}.png` }).catch(() => undefined);
				writeFileSync(`${base}.html`, await page.content().catch(() => ''));
				console.log(`      (screenshot and HTML: ${base}.*)`);
				await closeNode(page).catch(() => undefined);
			}
		}
	} finally {
		await browser?.close().catch(() => undefined);
		rmSync(profile, { recursive: true, force: true });
		await stack.stop();
	}
	if (WRITE_SHOTS && failed === 0) console.log(`Screenshots: ${SHOTS}`);
	console.log(`${passed} passed, ${failed} failed, in ${seconds()}`);
	process.exitCode = failed === 0 ? 0 : 1;
}

if (require.main === module) {
	main().catch((err) => {
		console.error(err instanceof Error ? (err.stack ?? err.message) : err);
		process.exit(1);
	});
}
