/**
 * Issue 36 §1 and §4 in the editor (`npm run test:ui`):
 *   - Signing Request → Update changes one recipient's email: the signing request and then the
 *     recipient are picked from lists (the recipients by name and email), only the Email is
 *     filled, n8n flags nothing as missing, the run sends that email alone and the recipient keeps
 *     the rest (screenshots update-pick-recipient.jpg, update-changed-email.jpg);
 *   - Create from the demo template (one signer role) with two recipients, the second's Order left
 *     empty: refused before anything is created, naming the template's role and what to do
 *     instead; the sandbox saw the read of the template's users and no create
 *     (screenshot refused-template-roles.jpg).
 */
import type { Page } from 'puppeteer-core';

import { draftBody } from '../sandbox/fixtures';
import { CREDENTIAL_ID, CREDENTIAL_NAME, sandboxApi, type Workflow } from '../e2e/setup';
import { NODE_TYPE } from '../e2e/n8n';
import { executeStep, NDV, OUTPUT, tid, waitForTexts, waitInPage } from './journey';
import type { Stack } from './stack';

/** What the editor and the sandbox should show. Adjust here when texts change. */
export const UPDATE = {
	workflow: 'dsUiTestUpdate01',
	changeNode: 'Change an email',
	createNode: 'Two people, one role',
	draftName: 'UI test: change an email',
	/** The recipient to change, as the picker lists them (draftBody: Ada and Bob). */
	bob: 'Bob Byron <bob@example.com> (Signer, order 2)',
	bobEmail: 'bob@example.com',
	newEmail: 'robert@example.com',
	/** The refusal of a second recipient on the demo template (one signer role). */
	refused: [
		'Recipient 2 has no place in the template: none of its signers and approvers has Order 2',
		"The template's roles: Order 1 Signer",
		'signer@example.com',
		'add a role to the template (Template → Update, Users) or create the signing request from a PDF (Source: PDF)',
	],
};

function expect(condition: boolean, message: string): void {
	if (!condition) throw new Error(message);
}

/**
 * Start → "Change an email" (Update: no signing request chosen yet, one recipient entry with only
 * the new Email, its Recipient to be picked) and Start → "Two people, one role" (Create from the
 * demo template, two recipients with an empty Order).
 */
export function updateWorkflow(templateId: string): Workflow {
	const credentials = { documentSigningApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	const node = (n: number, name: string, y: number, parameters: Record<string, unknown>) => ({
		id: `c0000000-0000-4000-8000-00000000036${n}`,
		name,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [260, y] as [number, number],
		credentials,
		parameters,
	});
	return {
		id: UPDATE.workflow,
		name: 'UI test: Update picks a recipient; a template has one role',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {
			Start: {
				main: [
					[
						{ node: UPDATE.changeNode, type: 'main', index: 0 },
						{ node: UPDATE.createNode, type: 'main', index: 0 },
					],
				],
			},
		},
		nodes: [
			{
				id: 'c0000000-0000-4000-8000-000000000360',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			node(1, UPDATE.changeNode, -100, {
				resource: 'signingRequest',
				operation: 'updateSigningRequest',
				signingRequestId: { __rl: true, mode: 'list', value: '' },
				recipientsMode: 'fields',
				recipients: { recipient: [{ email: UPDATE.newEmail }] },
			}),
			node(2, UPDATE.createNode, 100, {
				resource: 'signingRequest',
				operation: 'createSigningRequest',
				source: 'template',
				templateId: { __rl: true, mode: 'id', value: templateId },
				recipientsMode: 'fields',
				recipients: {
					recipient: [
						{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
						{ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
					],
				},
			}),
		],
	};
}

/** Opens a resource locator's list ("From List") and clicks the entry whose text has `text`. */
async function pickFromList(page: Page, locator: string, text: string): Promise<void> {
	await page.click(`${NDV} ${tid(`resource-locator-${locator}`)} ${tid('rlc-input')}`);
	await waitInPage(
		page,
		`"${text}" in the list of "${locator}"`,
		(sel: string, wanted: string) =>
			[...(globalThis as any).document.querySelectorAll(sel)].some(
				(el: any) => el.offsetParent !== null && String(el.innerText).includes(wanted),
			),
		tid('rlc-item'),
		text,
	);
}

async function clickListItem(page: Page, text: string): Promise<void> {
	const items = await page.$$(tid('rlc-item'));
	for (const item of items) {
		const shown = await item.evaluate((el) =>
			(el as any).offsetParent !== null ? String((el as any).innerText) : '',
		);
		if (shown.includes(text)) {
			await item.click();
			return;
		}
	}
	throw new Error(`no list entry with "${text}"`);
}

/** The texts of the parameter issues the open node shows (n8n's "required" and the like). */
async function issues(page: Page): Promise<string[]> {
	return await page.$$eval(`${NDV} ${tid('parameter-issues')}`, (els) =>
		els
			.filter((el) => (el as any).offsetParent !== null)
			.map((el) => String((el as any).getAttribute('title') ?? (el as any).innerText)),
	);
}

type Check = { name: string; run: (page: Page) => Promise<void> };

export function updateChecks(
	stack: Stack,
	shot: (page: Page, name: string) => Promise<void>,
	openNode: (page: Page, name: string) => Promise<void>,
): Check[] {
	const url = stack.inst.url;
	const sandbox = stack.sandbox;
	const open = async (page: Page, node: string) => {
		await page.goto(`${url}/workflow/${UPDATE.workflow}`, { waitUntil: 'networkidle2' });
		await page.waitForSelector(tid('canvas-node'));
		await openNode(page, node);
	};
	return [
		{
			name: 'Update: the recipient to change is picked by name and email; only the Email filled, it runs and changes only that',
			run: async (page) => {
				const draft = await sandboxApi<{ id: string; recipients: Array<Record<string, any>> }>(
					sandbox.url,
					'POST',
					'/signing-requests',
					draftBody(UPDATE.draftName),
				);
				const bob = draft.recipients.find((r) => r.email === UPDATE.bobEmail)!;
				await open(page, UPDATE.changeNode);
				await pickFromList(page, 'signingRequestId', UPDATE.draftName);
				await clickListItem(page, UPDATE.draftName);
				await page.$eval(`${NDV} ${tid('resource-locator-ref')}`, (el) =>
					(el as any).scrollIntoView({ block: 'center' }),
				);
				await pickFromList(page, 'ref', UPDATE.bob);
				await shot(page, 'update-pick-recipient');
				await clickListItem(page, UPDATE.bob);
				await waitInPage(
					page,
					`the Recipient field to show "${UPDATE.bob}"`,
					(sel: string, name: string) =>
						(globalThis as any).document.querySelector(sel)?.value === name,
					`${NDV} ${tid('resource-locator-ref')} ${tid('rlc-input')}`,
					UPDATE.bob,
				);
				// Nothing else asked for: n8n shows no issue (no "Parameter "First Name" is required").
				await waitInPage(
					page,
					'the node to show no parameter issues',
					(sel: string) =>
						[...(globalThis as any).document.querySelectorAll(sel)].every(
							(el: any) => el.offsetParent === null,
						),
					`${NDV} ${tid('parameter-issues')}`,
				).catch(async () => {
					throw new Error(`the node shows issues: ${JSON.stringify(await issues(page))}`);
				});
				const before = sandbox.requests.length;
				await executeStep(page);
				await waitForTexts(page, OUTPUT, [draft.id, UPDATE.newEmail], 'the updated request');
				const puts = sandbox.requests.slice(before).filter((r) => r.method === 'PUT');
				expect(
					puts.length === 1 && puts[0].path === `/signing-requests/${draft.id}`,
					`PUT requests: ${JSON.stringify(puts.map((r) => r.path))}`,
				);
				const sentRecipients = (puts[0].body as { recipients?: Array<Record<string, unknown>> })
					.recipients;
				expect(
					Object.keys(puts[0].body as object).join() === 'recipients' &&
						sentRecipients?.length === 1 &&
						Object.keys(sentRecipients[0]).sort().join() === 'email,id' &&
						sentRecipients[0].id === bob.id &&
						sentRecipients[0].email === UPDATE.newEmail,
					`the update sent ${JSON.stringify(puts[0].body)}`,
				);
				const after = (
					await sandboxApi<{ results: Array<Record<string, any>> }>(
						sandbox.url,
						'GET',
						`/signing-requests/${draft.id}/users`,
					)
				).results.find((r) => r.id === bob.id)!;
				expect(
					after.email === UPDATE.newEmail &&
						after.first_name === bob.first_name &&
						after.designation === bob.designation &&
						after.order === bob.order,
					`Bob after the update: ${JSON.stringify(after)}`,
				);
				await page.$eval(`${NDV} ${tid('resource-locator-ref')}`, (el) =>
					(el as any).scrollIntoView({ block: 'center' }),
				);
				await shot(page, 'update-changed-email');
			},
		},
		{
			name: 'Create from a template with one role: a second recipient is refused before anything is created, naming the role and what to do',
			run: async (page) => {
				await open(page, UPDATE.createNode);
				const before = sandbox.requests.length;
				await executeStep(page);
				await waitForTexts(page, OUTPUT, UPDATE.refused, 'the refusal of the second recipient');
				// The two recipients in view: both with an empty Order.
				await page.$$eval(`${NDV} ${tid('parameter-input-first_name')}`, (els) =>
					(els[1] as any).scrollIntoView({ block: 'center' }),
				);
				const seen = sandbox.requests.slice(before).map((r) => `${r.method} ${r.path}`);
				expect(
					JSON.stringify(seen) === JSON.stringify([`GET /templates/${stack.templateId}/users`]),
					`the sandbox received ${JSON.stringify(seen)}; expected only the read of the template's users`,
				);
				await shot(page, 'refused-template-roles');
			},
		},
	];
}
