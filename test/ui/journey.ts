/**
 * A newcomer's journey, built through the editor (nothing imported), step by step as a user does
 * it after `npm start` (issue 19, "Prove it as a user would"):
 *   1. a new workflow: Manual Trigger, then Document Signing found by "send for signature",
 *      "Create and send a document for signature" (Create and Send); the node gets the one
 *      credential of npm start; the demo template is chosen in the picker;
 *   2. one recipient typed, a second whose Email is `{{ $json.mail }}` on the Manual Trigger's
 *      item (which has no `mail`), both with an empty Order ("Next free"): the run is refused,
 *      the editor names the item, the recipient and the field, and the sandbox received no
 *      create-and-send;
 *   3. without that recipient the request is sent (one create-and-send, to the typed recipient);
 *   4. Download added after it (its Signing Request mapped by dragging `id` from the input), run
 *      at once: refused, the editor says the request is in progress and who has still to sign;
 *   5. the sandbox's signer signs; Download again: the signed PDF (binary output, no "partial"
 *      in its name, no PARTIAL watermark in its bytes);
 *   6. a new workflow: Document Signing Trigger from the node panel ("Signing Request
 *      Completed"), the credential it gets, default parameters, "Execute step": the editor
 *      listens; the service's creation ping does not end it;
 *   7. a signing request completed meanwhile is shown in the editor;
 *   8. a second trigger with a credential made in the editor's credential modal with a wrong
 *      Webhook Signing Secret: listening ends, the editor shows the reason and what to change.
 * Each step writes a screenshot (docs/screenshots/journey-<n>-….jpg). The steps share one
 * browser page and build on each other: after a failed step the later ones fail at once.
 *
 * Waits are on conditions (texts in the editor, requests and deliveries seen by the sandbox),
 * each with a message saying what did not happen and what the page showed instead.
 */
import type { ElementHandle, Page } from 'puppeteer-core';

import { pdfTextStrings, SEED } from '../sandbox';
import { login, rest, unflatten } from '../e2e/n8n';
import { CREDENTIAL_NAME } from '../e2e/setup';
import type { Stack } from './stack';

/** What the editor and the sandbox should show on the way. Adjust here when texts change. */
export const JOURNEY = {
	/** What a newcomer types in the node panel, and what they pick. */
	search: 'send for signature',
	nodePanelItem: 'Document Signing',
	createAndSend: 'Create and send a document for signature',
	createAndSendOperation: 'Create and Send',
	download: 'Download the signed PDF of a signing request',
	triggerEvent: 'Signing Request Completed',
	/** The demo template that the stack (like npm start) creates: see createDemoTemplate. */
	template: 'Service agreement (demo)',
	name: 'NDA for Grace',
	typed: { first: 'Grace', last: 'Hopper', email: 'grace@example.com' },
	mapped: { first: 'Alan', last: 'Turing', expression: '{{ $json.mail }}' },
	/** A new recipient's Order: empty, the next free one (not a second Order 1). */
	orderPlaceholder: 'Next free',
	/** The refusal of the empty mapped Email: item, recipient, field. */
	emptyEmail: [
		'Recipient 2: "Email" is empty: its expression resolved to undefined (item 0)',
		'Nothing was sent',
	],
	/** Download before anyone signed: the state and who has still to sign. */
	unfinished: (id: string) => [
		`Not downloaded: signing request ${id} is still in progress, so there is no signed document`,
		'Still to sign: Grace Hopper (grace@example.com).',
		'"Accept Unfinished Document"',
	],
	fileName: 'NDA for Grace.pdf',
	listening: 'Listening for test event',
	scope: 'Company (All Workspaces)',
	/** The second credential, made in the credential modal, and its wrong secret. */
	wrongCredential: 'Document Signing (wrong secret)',
	wrongSecret: 'whsec_copied_from_the_wrong_place',
	wrongSecretShown: (credential: string) => [
		`Document Signing Trigger refused a delivery: its signature does not match the "Webhook Signing Secret" of credential "${credential}"`,
		"the service signs its deliveries with the company's webhook secret",
		`Put the right secret into "Webhook Signing Secret" of credential "${credential}"`,
		'The delivery was answered 401 and started nothing',
	],
};

type Check = { name: string; run: (page: Page) => Promise<void> };

const NDV = '[data-test-id="ndv"]';
const OUTPUT = `${NDV} [data-test-id="output-panel"]`;
const WAIT_MS = 60_000;
const tid = (id: string) => `[data-test-id="${id}"]`;

function expect(condition: boolean, message: string): void {
	if (!condition) throw new Error(message);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The element's text, whitespace collapsed ('' when it is not on the page). */
async function textOf(page: Page, selector: string): Promise<string> {
	return oneLine(
		await page.$eval(selector, (el) => (el as any).innerText as string).catch(() => ''),
	);
}

/**
 * Waits until the node view no longer says it is listening for a test event (n8n shows the event,
 * or the refusal, first and leaves the listening state a moment later); fails after WAIT_MS.
 */
async function stopsListening(page: Page): Promise<void> {
	const end = Date.now() + WAIT_MS;
	while ((await textOf(page, NDV)).includes(JOURNEY.listening) && Date.now() < end)
		await new Promise((resolve) => setTimeout(resolve, 200));
	expect(
		!(await textOf(page, NDV)).includes(JOURNEY.listening),
		'the editor still says it is listening',
	);
}

/** Waits until the element's text contains every one of `wanted`; returns that text. */
export async function waitForTexts(
	page: Page,
	selector: string,
	wanted: string[],
	what: string,
	timeout = WAIT_MS,
): Promise<string> {
	try {
		await page.waitForFunction(
			(sel: string, all: string[]) => {
				const el = (globalThis as any).document.querySelector(sel);
				const text = el ? String(el.innerText).replace(/\s+/g, ' ') : '';
				return all.every((w) => text.includes(w.replace(/\s+/g, ' ')));
			},
			{ timeout, polling: 200 },
			selector,
			wanted,
		);
	} catch {
		const shown = await textOf(page, selector);
		const missing = wanted.filter((w) => !shown.includes(oneLine(w)));
		throw new Error(
			`${what}: after ${timeout / 1000} s the editor does not show ${JSON.stringify(missing)}; it shows: ${shown.slice(0, 900) || '(nothing)'}`,
		);
	}
	return await textOf(page, selector);
}

/** Waits until `probe` (run in the page) returns a truthy value; fails saying `what`. */
export async function waitInPage<A extends unknown[]>(
	page: Page,
	what: string,
	probe: (...args: A) => unknown,
	...args: A
): Promise<void> {
	try {
		await page.waitForFunction(probe as any, { timeout: WAIT_MS, polling: 200 }, ...args);
	} catch {
		throw new Error(`waited ${WAIT_MS / 1000} s for ${what}`);
	}
}

/** Waits for a condition on this process's side (the sandbox); returns its value. */
export async function until<T>(
	what: string,
	probe: () => T | undefined,
	timeout = WAIT_MS,
): Promise<T> {
	const end = Date.now() + timeout;
	for (;;) {
		const value = probe();
		if (value !== undefined && value !== null && (value as unknown) !== false) return value;
		if (Date.now() > end) throw new Error(`${what}: not seen after ${timeout / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** The visible element matching `selector` whose whole text is `text`, once there. */
async function visibleWithText(
	page: Page,
	selector: string,
	text: string,
	what: string,
): Promise<ElementHandle> {
	try {
		const handle = await page.waitForFunction(
			(sel: string, wanted: string) =>
				[...(globalThis as any).document.querySelectorAll(sel)].find(
					(el: any) => el.offsetParent !== null && String(el.innerText).trim() === wanted,
				),
			{ timeout: WAIT_MS, polling: 200 },
			selector,
			text,
		);
		return handle.asElement() as ElementHandle;
	} catch {
		const shown = await page.$$eval(selector, (els) =>
			els.map((el) => String((el as any).innerText).trim()),
		);
		throw new Error(`${what}: no "${text}" among ${JSON.stringify(shown.slice(0, 20))}`);
	}
}

/** The node panel is open: search, then click the entries of `path` in turn. */
async function pickInNodePanel(page: Page, search: string, path: string[]): Promise<void> {
	const bar = await page.waitForSelector(`input${tid('node-creator-search-bar')}`);
	await bar!.type(search);
	for (const entry of path) {
		// The panel slides its next page in: an entry found mid-slide has no clickable box yet
		// ("Node is either not clickable or not an Element"), so find it again and retry.
		const deadline = Date.now() + WAIT_MS;
		for (;;) {
			const item = await visibleWithText(
				page,
				tid('node-creator-item-name'),
				entry,
				`node panel after searching "${search}"`,
			);
			try {
				await item.click();
				break;
			} catch (error) {
				if (Date.now() > deadline) throw error;
				await new Promise((resolve) => setTimeout(resolve, 300));
			}
		}
	}
}

/** Opens the node panel from the canvas (`button`: canvas-add-button or canvas-handle-plus). */
async function openNodePanel(page: Page, button: string): Promise<void> {
	const buttons = await page.$$(tid(button));
	expect(buttons.length === 1, `${buttons.length} "${button}" buttons on the canvas, expected 1`);
	await buttons[0].click();
	await page.waitForSelector(`input${tid('node-creator-search-bar')}`);
}

async function newWorkflow(page: Page, url: string): Promise<void> {
	await page.goto(`${url}/workflow/new`, { waitUntil: 'networkidle2' });
	await page.waitForSelector(tid('canvas-add-button'));
}

/** The credential the open node uses, as its Credential field shows it. */
async function credentialShown(page: Page): Promise<string> {
	const input = await page.waitForSelector(`${NDV} ${tid('node-credentials-select')} input`);
	return await input!.evaluate((el) => (el as any).value as string);
}

/**
 * The credential the open node shows once it shows `expected`, or what it shows after WAIT_MS:
 * the editor fills in (or switches to) a credential a moment after the panel or modal changed.
 */
async function credentialBecomes(page: Page, expected: string): Promise<string> {
	await waitInPage(
		page,
		`the credential "${expected}"`,
		(selector: string, name: string) =>
			(globalThis as any).document.querySelector(selector)?.value === name,
		`${NDV} ${tid('node-credentials-select')} input`,
		expected,
	).catch(() => undefined); // the caller names what is shown instead
	return await credentialShown(page);
}

/** The value an options parameter of the open node shows. */
async function optionShown(page: Page, name: string): Promise<string> {
	return await page.$eval(
		`${NDV} ${tid(`parameter-input-${name}`)} input`,
		(el) => (el as any).value as string,
	);
}

/** Types into the n-th (0-based) input of a parameter of the recipient entries. */
async function typeRecipient(page: Page, field: string, index: number, text: string) {
	const inputs = await page.$$(
		`${NDV} ${tid('fixed-collection-recipients')} ${tid(`parameter-input-${field}`)} input`,
	);
	expect(inputs.length > index, `no "${field}" input for recipient ${index + 1}`);
	await inputs[index].click();
	await inputs[index].type(text);
}

/** Clicks an element once it is shown (the node view slides in: its panels come after it). */
async function clickWhenShown(page: Page, selector: string): Promise<void> {
	await (await page.waitForSelector(selector, { visible: true, timeout: WAIT_MS }))!.click();
}

/** Clicks the open node's "Execute step". */
async function executeStep(page: Page): Promise<void> {
	// Blur the field being edited (an open expression preview would cover the button).
	await page.click(`${NDV} ${tid('tab-params')}`);
	await page.click(`${NDV} ${tid('node-execute-button')}`);
}

async function closeNdv(page: Page): Promise<void> {
	await page.click(`${NDV} ${tid('ndv-close-button')}`);
	await page.waitForSelector(NDV, { hidden: true });
}

/** Drags a field of the input panel's schema view (its pill) onto a parameter (n8n's mapping). */
async function dragInputField(page: Page, field: string, target: string): Promise<void> {
	const pillSelector = `${NDV} ${tid('ndv-input-panel')} ${tid('run-data-schema-node-name')}[data-name="${field}"]`;
	let pill: ElementHandle | null;
	try {
		pill = await page.waitForSelector(pillSelector, { visible: true, timeout: WAIT_MS });
	} catch {
		throw new Error(
			`no "${field}" in the input panel: ${await textOf(page, `${NDV} ${tid('ndv-input-panel')}`)}`,
		);
	}
	const from = await pill!.boundingBox();
	const to = await (await page.waitForSelector(target))!.boundingBox();
	expect(from !== null && to !== null, `"${field}" or ${target} is not visible`);
	const [x0, y0] = [from!.x + from!.width / 2, from!.y + from!.height / 2];
	const [x1, y1] = [to!.x + to!.width / 2, to!.y + to!.height / 2];
	await page.mouse.move(x0, y0);
	await page.mouse.down();
	// Moved in small steps, as a hand does: n8n starts a drag only after the pointer moved.
	for (let step = 1; step <= 20; step++) {
		await page.mouse.move(x0 + ((x1 - x0) * step) / 20, y0 + ((y1 - y0) * step) / 20);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	await page.mouse.up();
}

/** The newest execution of a workflow, as the editor reads it (data unflattened). */
export async function lastExecution(
	stack: Stack,
	cookie: string,
	workflowId: string,
): Promise<any> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const list = await rest<{ results: Array<{ id: string }> }>(
		stack.inst,
		cookie,
		'GET',
		`/executions?filter=${filter}`,
	);
	expect(list.results.length > 0, `no execution of workflow ${workflowId}`);
	const detail = await rest<{ data: string }>(
		stack.inst,
		cookie,
		'GET',
		`/executions/${list.results[0].id}`,
	);
	return unflatten(String(detail.data));
}

/** A signing request sent and signed at the sandbox, as someone else in the company does. */
async function completeRequestElsewhere(stack: Stack): Promise<string> {
	const response = await fetch(`${stack.sandbox.url}/signing-requests/create-and-send`, {
		method: 'POST',
		headers: { Authorization: SEED.protectedWorkspace.testKey, 'Content-Type': 'application/json' },
		body: JSON.stringify({
			template_id: stack.templateId,
			name: 'Offer letter for Ada',
			recipients: [
				{ order: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
			],
		}),
	});
	const created = (await response.json()) as { id?: string };
	expect(response.ok && typeof created.id === 'string', `create-and-send: ${response.status}`);
	const signed = stack.sandbox.simulate.signAll(created.id!);
	expect(signed.status === 'finished', `the sandbox request is ${signed.status} after signing`);
	return created.id!;
}

export function journeyChecks(
	stack: Stack,
	shot: (page: Page, name: string) => Promise<void>,
): Check[] {
	const url = stack.inst.url;
	const sandbox = stack.sandbox;
	const state: {
		failed?: string;
		requestId?: string;
		testUrl?: string;
		deliveriesBefore?: number;
	} = {};
	const createAndSendCalls = () =>
		sandbox.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/signing-requests'));
	const testWebhooks = () =>
		sandbox.webhooks.records.filter((r) => r.url.startsWith(`${url}/webhook-test/`));

	const steps: Check[] = [
		{
			name: 'Create and Send from the node panel gets the sandbox credential; the template is chosen in the picker',
			run: async (page) => {
				await newWorkflow(page, url);
				await openNodePanel(page, 'canvas-add-button');
				await pickInNodePanel(page, 'Manual', ['Manual Trigger']);
				await page.waitForSelector(tid('node-creator'), { hidden: true });
				await page.waitForSelector(
					`${tid('canvas-node')}[data-node-type="n8n-nodes-base.manualTrigger"]`,
				);
				await openNodePanel(page, 'canvas-handle-plus');
				await pickInNodePanel(page, JOURNEY.search, [JOURNEY.nodePanelItem, JOURNEY.createAndSend]);
				await page.waitForSelector(NDV);
				const credential = await credentialBecomes(page, CREDENTIAL_NAME);
				expect(
					credential === CREDENTIAL_NAME,
					`the new node got the credential "${credential}", expected "${CREDENTIAL_NAME}"`,
				);
				const operation = await optionShown(page, 'operation');
				expect(
					operation === JOURNEY.createAndSendOperation,
					`Operation shows "${operation}", expected "${JOURNEY.createAndSendOperation}"`,
				);
				// The template picker (a resource locator "From list") lists the demo template.
				await page.click(`${NDV} ${tid('resource-locator-templateId')} ${tid('rlc-input')}`);
				const item = await visibleWithText(
					page,
					tid('rlc-item'),
					JOURNEY.template,
					'the template picker',
				);
				await shot(page, 'journey-1-template-picker');
				await item.click();
				await waitInPage(
					page,
					`the Template field to show "${JOURNEY.template}"`,
					(sel: string, name: string) =>
						(globalThis as any).document.querySelector(sel)?.value === name,
					`${NDV} ${tid('resource-locator-templateId')} ${tid('rlc-input')}`,
					JOURNEY.template,
				);
			},
		},
		{
			name: 'a recipient whose Email expression comes out empty is refused, naming item, recipient and field; nothing is sent',
			run: async (page) => {
				await page.type(`${NDV} ${tid('parameter-input-name')} input`, JOURNEY.name);
				const addRecipient = `${NDV} ${tid('fixed-collection-recipients')} ${tid('fixed-collection-add')}`;
				await page.click(addRecipient);
				await typeRecipient(page, 'first_name', 0, JOURNEY.typed.first);
				await typeRecipient(page, 'last_name', 0, JOURNEY.typed.last);
				await typeRecipient(page, 'email', 0, JOURNEY.typed.email);
				await page.click(addRecipient);
				await typeRecipient(page, 'first_name', 1, JOURNEY.mapped.first);
				await typeRecipient(page, 'last_name', 1, JOURNEY.mapped.last);
				const orders = await page.$$eval(
					`${NDV} ${tid('fixed-collection-recipients')} ${tid('parameter-input-order')} input`,
					(els) => els.map((el: any) => [el.value, el.placeholder]),
				);
				expect(
					JSON.stringify(orders) ===
						JSON.stringify([
							['', JOURNEY.orderPlaceholder],
							['', JOURNEY.orderPlaceholder],
						]),
					`the recipients' Order fields show ${JSON.stringify(orders)}`,
				);
				// The second Email as an expression: "Expression" in the field's Fixed/Expression
				// switch, then typed ("{{" makes the editor add the closing "}}").
				const options = await page.$$(
					`${NDV} ${tid('fixed-collection-recipients')} ${tid('email-parameter-input-options-container')}`,
				);
				expect(options.length === 2, `${options.length} Email fields, expected 2`);
				await typeRecipient(page, 'email', 1, '');
				await options[1].hover();
				await (await options[1].waitForSelector(tid('radio-button-expression'), {
					visible: true,
				}))!.click();
				const emailSelector = `${NDV} ${tid('fixed-collection-recipients')} [data-parameter-path="parameters.recipients.recipient[1].email"]`;
				await page.waitForSelector(`${emailSelector} .cm-content`, { timeout: WAIT_MS });
				await page.keyboard.type('{{');
				await page.keyboard.type('$json.mail');
				const typed = await textOf(page, `${emailSelector} .cm-content`);
				expect(
					typed === JOURNEY.mapped.expression,
					`the second Email holds "${typed}", expected "${JOURNEY.mapped.expression}"`,
				);
				// The editor takes the typed expression into the node's parameters once it has
				// parsed it (debounced): then it marks it as a resolvable (pending: the trigger
				// has not run yet). Running before that would run the empty expression.
				await waitInPage(
					page,
					'the editor to take the Email expression (marked as a resolvable)',
					(sel: string, expression: string) =>
						[
							...(globalThis as any).document.querySelectorAll(
								`${sel} .cm-content [class*="-resolvable"]`,
							),
						].some((el: any) => el.innerText.trim() === expression),
					emailSelector,
					JOURNEY.mapped.expression,
				);
				await new Promise((resolve) => setTimeout(resolve, 300));

				const before = createAndSendCalls().length;
				await executeStep(page);
				await waitForTexts(page, OUTPUT, JOURNEY.emptyEmail, 'the refusal of the empty Email');
				expect(
					createAndSendCalls().length === before,
					`the sandbox received ${createAndSendCalls().length - before} create request(s) although the node was refused`,
				);
				// The field as the user sees it: the expression and what it resolved to.
				await page.$eval(emailSelector, (el) => (el as any).scrollIntoView({ block: 'center' }));
				await waitForTexts(
					page,
					`${NDV} ${tid('fixed-collection-recipients')}`,
					['undefined'],
					'the resolved value under the Email expression',
				);
				await shot(page, 'journey-2-empty-email-refused');
			},
		},
		{
			name: 'without that recipient the request is sent, once, to the typed recipient',
			run: async (page) => {
				const entries = `${NDV} ${tid('fixed-collection-recipients')} ${tid('fixed-collection-delete')}`;
				const remove = await page.$$(entries);
				expect(remove.length === 2, `${remove.length} recipient entries, expected 2`);
				await remove[1].evaluate((el) => (el as any).scrollIntoView({ block: 'center' }));
				await remove[1].hover();
				await remove[1].click();
				await waitInPage(
					page,
					'the second recipient to be removed',
					(sel: string) => (globalThis as any).document.querySelectorAll(sel).length === 1,
					entries,
				);
				// The output panel marks the refusal as stale once the node's parameters changed:
				// running before that would run the old parameters.
				try {
					await page.waitForSelector(`${OUTPUT} ${tid('node-run-info-stale')}`, {
						timeout: WAIT_MS,
					});
				} catch {
					throw new Error('the output was not marked stale after the recipient was removed');
				}
				const before = createAndSendCalls().length;
				await executeStep(page);
				await until('the create-and-send request', () => createAndSendCalls()[before]?.status);
				const calls = createAndSendCalls().slice(before);
				expect(
					calls.length === 1 && calls[0].path === '/signing-requests/create-and-send',
					`requests sent: ${JSON.stringify(calls.map((c) => `${c.method} ${c.path}`))}`,
				);
				const body = calls[0].body as { template_id?: string; name?: string; recipients?: any[] };
				expect(
					body.template_id === stack.templateId && body.name === JOURNEY.name,
					`template_id ${body.template_id}, name ${body.name}`,
				);
				// Its empty Order became the next free one: the template's first recipient.
				expect(
					JSON.stringify(
						body.recipients?.map((r) => [r.first_name, r.last_name, r.email, r.order]),
					) === JSON.stringify([[JOURNEY.typed.first, JOURNEY.typed.last, JOURNEY.typed.email, 1]]),
					`recipients sent: ${JSON.stringify(body.recipients)}`,
				);
				const answer = calls[0].responseBody as { id?: string; status?: string };
				expect(calls[0].status === 201 && answer.status === 'sent', `answer ${calls[0].status}`);
				state.requestId = answer.id;
				// The request in the one shape: status "in_progress" (the service's answer says "sent").
				await waitForTexts(
					page,
					OUTPUT,
					[answer.id!, JOURNEY.name, 'in_progress'],
					'the sent request',
				);
				await shot(page, 'journey-3-sent');
			},
		},
		{
			name: 'Download right after sending is refused: the editor shows the state and who has still to sign',
			run: async (page) => {
				await closeNdv(page);
				await openNodePanel(page, 'canvas-handle-plus');
				await pickInNodePanel(page, JOURNEY.nodePanelItem, [
					JOURNEY.nodePanelItem,
					JOURNEY.download,
				]);
				await page.waitForSelector(NDV);
				const credential = await credentialBecomes(page, CREDENTIAL_NAME);
				expect(credential === CREDENTIAL_NAME, `Download got the credential "${credential}"`);
				// Signing Request: the input's `id` dragged onto the field, as n8n suggests.
				const locator = `${NDV} ${tid('parameter-input-signingRequestId')}`;
				await dragInputField(page, 'id', `${locator} ${tid('rlc-input')}`);
				await waitForTexts(page, locator, ['{{ $json.id }}'], 'the mapped Signing Request');

				const before = createAndSendCalls().length;
				await executeStep(page);
				await waitForTexts(
					page,
					OUTPUT,
					JOURNEY.unfinished(state.requestId!),
					'the refusal of the unfinished document',
				);
				expect(
					createAndSendCalls().length === before,
					'running Download sent the signing request again',
				);
				await shot(page, 'journey-4-download-refused');
			},
		},
		{
			name: 'once the signer has signed, Download gives the signed PDF',
			run: async (page) => {
				const signed = sandbox.simulate.signAll(state.requestId!);
				expect(signed.status === 'finished', `the request is ${signed.status} after signing`);
				await executeStep(page);
				await page.waitForSelector(`${OUTPUT} ${tid('node-run-status-success')}`, {
					timeout: WAIT_MS,
				});
				// The file in n8n's binary view (the output panel may open on another view).
				await page.click(`${OUTPUT} ${tid('radio-button-binary')}`);
				await waitForTexts(page, OUTPUT, ['File Name:'], 'the downloaded file');
				const card = await textOf(page, `${OUTPUT} ${tid('ndv-binary-data_0')}`);
				expect(
					card.includes(`File Name: ${JOURNEY.fileName}`) && !/partial/i.test(card),
					`the output's file: ${card}`,
				);
				await shot(page, 'journey-5-signed-pdf');

				// What n8n stored: the item says completed, and the file is the signed document.
				const workflowId = /\/workflow\/([^/?]+)/.exec(page.url())?.[1];
				expect(workflowId !== undefined && workflowId !== 'new', `workflow: ${page.url()}`);
				const cookie = await login(stack.inst);
				const run = await lastExecution(stack, cookie, workflowId!);
				const runs = run.resultData.runData[JOURNEY.download];
				expect(
					runs !== undefined,
					`no run of "${JOURNEY.download}" in ${JSON.stringify(Object.keys(run.resultData.runData))}`,
				);
				const item = runs?.[runs.length - 1]?.data?.main?.[0]?.[0];
				expect(
					item?.json?.status === 'completed' && item?.json?.is_partial === false,
					`Download's item: ${JSON.stringify(item?.json)}`,
				);
				const binaryId = String(item.binary?.data?.id);
				const file = await fetch(
					`${url}/rest/binary-data?id=${encodeURIComponent(binaryId)}&action=download`,
					{ headers: { Cookie: cookie, 'browser-id': 'e2e' } },
				);
				expect(file.ok, `the binary data ${binaryId}: ${file.status}`);
				const strings = pdfTextStrings(Buffer.from(await file.arrayBuffer()));
				expect(
					strings.some((s) => s.startsWith(`Signed by Grace Hopper ${JOURNEY.typed.email}`)) &&
						!strings.some((s) => s.includes('PARTIAL')),
					`the PDF's texts: ${JSON.stringify(strings)}`,
				);
			},
		},
		{
			name: 'a Document Signing Trigger from the node panel gets the sandbox credential and listens for a test event',
			run: async (page) => {
				await newWorkflow(page, url);
				await openNodePanel(page, 'canvas-add-button');
				await pickInNodePanel(page, JOURNEY.nodePanelItem, [
					JOURNEY.nodePanelItem,
					JOURNEY.triggerEvent,
				]);
				await page.waitForSelector(NDV);
				const credential = await credentialBecomes(page, CREDENTIAL_NAME);
				expect(
					credential === CREDENTIAL_NAME,
					`the trigger got the credential "${credential}", expected "${CREDENTIAL_NAME}"`,
				);
				const scope = await optionShown(page, 'scope');
				expect(scope === JOURNEY.scope, `Scope shows "${scope}"`);
				const hooks = testWebhooks().length;
				state.deliveriesBefore = sandbox.deliveries.length;
				await clickWhenShown(page, `${NDV} ${tid('trigger-execute-button')}`);
				await waitForTexts(page, NDV, [JOURNEY.listening], 'listening');
				const hook = await until(
					'the test webhook at the sandbox',
					() => testWebhooks().slice(hooks)[0],
				);
				expect(
					JSON.stringify(hook.events) === '["signing_request.completed"]' &&
						hook.workspace_id === null,
					`the test webhook: ${JSON.stringify(hook)}`,
				);
				state.testUrl = hook.url;
				// The service pings a new webhook; the trigger acknowledges it and keeps listening.
				const ping = await until('the creation ping', () =>
					sandbox.deliveries.find(
						(d) => d.url === hook.url && d.eventType === 'webhook.test' && d.status !== null,
					),
				);
				expect(ping.status === 200, `the creation ping was answered ${ping.status}`);
				await waitForTexts(page, NDV, [JOURNEY.listening], 'listening after the ping');
				await shot(page, 'journey-6-trigger-listening');
			},
		},
		{
			name: 'a signing request completed while listening is shown in the editor',
			run: async (page) => {
				const id = await completeRequestElsewhere(stack);
				await waitForTexts(
					page,
					OUTPUT,
					// The request in the one shape: its status word and its completion date.
					['signing_request.completed', id, 'completed_at', 'signed_document_url'],
					'the test event',
				);
				const delivery = sandbox.deliveries
					.slice(state.deliveriesBefore)
					.find((d) => d.url === state.testUrl && d.eventType === 'signing_request.completed');
				expect(delivery?.status === 200, `the delivery was answered ${delivery?.status}`);
				// The listening ended with the event: the test webhook is gone at the service.
				await until(
					'the test webhook to be deleted',
					() => testWebhooks().find((r) => r.url === state.testUrl)?.deleted_at ?? undefined,
				);
				// The editor shows the event first and leaves the listening state a moment later.
				await stopsListening(page);
				await shot(page, 'journey-7-trigger-event');
			},
		},
		{
			name: 'with a wrong Webhook Signing Secret, listening ends and the editor says why and what to change',
			run: async (page) => {
				await newWorkflow(page, url);
				await openNodePanel(page, 'canvas-add-button');
				await pickInNodePanel(page, JOURNEY.nodePanelItem, [
					JOURNEY.nodePanelItem,
					JOURNEY.triggerEvent,
				]);
				await page.waitForSelector(NDV);
				// A second credential, made in the editor's credential modal from the node.
				await page.click(`${NDV} ${tid('node-credentials-select')}`);
				await (await page.waitForSelector(tid('node-credentials-select-item-new'), {
					visible: true,
				}))!.click();
				const modal = tid('editCredential-modal');
				await page.waitForSelector(`${modal} ${tid('parameter-input-baseUrl')} input`);
				await page.type(`${modal} ${tid('parameter-input-baseUrl')} input`, sandbox.url);
				await page.type(
					`${modal} ${tid('parameter-input-testApiKey')} input`,
					SEED.protectedWorkspace.testKey,
				);
				await page.type(
					`${modal} ${tid('parameter-input-webhookSigningSecret')} input`,
					JOURNEY.wrongSecret,
				);
				await page.click(`${modal} ${tid('credential-name')} ${tid('inline-edit-preview')}`);
				const nameInput = await page.waitForSelector(
					`${modal} ${tid('credential-name')} ${tid('inline-edit-input')}`,
					{ visible: true },
				);
				await nameInput!.click();
				await page.keyboard.down('Control');
				await page.keyboard.press('a');
				await page.keyboard.up('Control');
				await page.keyboard.type(JOURNEY.wrongCredential);
				await page.keyboard.press('Enter');
				await waitForTexts(
					page,
					`${modal} ${tid('credential-name')}`,
					[JOURNEY.wrongCredential],
					'the new credential name',
				);
				await page.click(`${modal} ${tid('credential-save-button')}`);
				try {
					await page.waitForSelector(modal, { hidden: true, timeout: WAIT_MS });
				} catch {
					throw new Error(`the credential modal stayed open: ${await textOf(page, modal)}`);
				}
				const credential = await credentialBecomes(page, JOURNEY.wrongCredential);
				expect(
					credential === JOURNEY.wrongCredential,
					`the trigger uses "${credential}" ${WAIT_MS / 1000} s after the new credential was saved`,
				);

				const hooks = testWebhooks().length;
				const deliveries = sandbox.deliveries.length;
				await clickWhenShown(page, `${NDV} ${tid('trigger-execute-button')}`);
				await waitForTexts(
					page,
					OUTPUT,
					JOURNEY.wrongSecretShown(JOURNEY.wrongCredential),
					'the refused delivery',
				);
				const hook = testWebhooks().slice(hooks)[0];
				expect(hook !== undefined, 'no test webhook was registered at the sandbox');
				const ping = sandbox.deliveries
					.slice(deliveries)
					.find((d) => d.url === hook.url && d.eventType === 'webhook.test');
				expect(
					ping?.status === 401 && ping.responseBody.includes('signature_mismatch'),
					`the creation ping: ${ping?.status} ${ping?.responseBody}`,
				);
				// The editor shows the error first and leaves the listening state a moment later.
				await stopsListening(page);
				await until(
					'the test webhook to be deleted',
					() => testWebhooks().find((r) => r.url === hook.url)?.deleted_at ?? undefined,
				);
				await shot(page, 'journey-8-wrong-secret');
			},
		},
	];
	// One page, one story: after a failed step the later ones cannot start where they should.
	return steps.map((step, index) => ({
		name: `journey ${index + 1}/${steps.length}: ${step.name}`,
		run: async (page) => {
			if (state.failed) throw new Error(`not run: step "${state.failed}" failed`);
			try {
				await step.run(page);
			} catch (err) {
				state.failed = `${index + 1}`;
				throw err;
			}
		},
	}));
}
