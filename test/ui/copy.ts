/**
 * Issue 36's checks of what a builder reads (`npm run test:ui`, in the editor and the sandbox):
 *   - §3: the Docs link of each node window (the action node, its AI tool, both triggers) and the
 *     credential's docs link open a page of the repository at the heading they name;
 *   - §5: the sandbox's signing link opens a page with the document, Sign, and Decline with a
 *     reason; a decline there reaches a Document Signing Trigger listening in the editor, as the
 *     service's event does;
 *   - §7: every canvas subtitle and every description of a dropdown option is whole at the editor's
 *     width (measured here in the editor, compared with test/kit/editorText.json, which the unit
 *     test editorText.test.ts uses), and the send notice is the one that is true of the sandbox.
 * UI_WRITE_METRICS=1 writes the measures to test/kit/editorText.json instead of comparing them.
 */
import { writeFileSync } from 'fs';
import type { Page } from 'puppeteer-core';

import { sendNotice } from '../../nodes/DocumentSigning/actions/signingRequest/common';
import { landing, REPOSITORY } from '../docs/github';
import { CREDENTIAL_ID, CREDENTIAL_NAME, sandboxApi, type Workflow } from '../e2e/setup';
import {
	METRICS,
	METRICS_FILE,
	canvasSubtitles,
	dropdownDescriptions,
	type EditorMetrics,
} from '../kit/editorText';
import { until, waitForTexts, waitInPage } from './journey';
import type { Stack } from './stack';

type Check = { name: string; run: (page: Page) => Promise<void> };

/** What run.ts lends these checks. */
export interface UiHelpers {
	shot: (page: Page, name: string) => Promise<void>;
	openWorkflow: (page: Page, url: string, id: string) => Promise<void>;
	openNode: (page: Page, name: string) => Promise<void>;
	closeNode: (page: Page) => Promise<void>;
}

/** What the checks expect. Adjust here when the texts change. */
export const COPY = {
	/** The node windows whose Docs link is checked, and the page and heading it must open. */
	docsLinks: [
		{ workflow: 'forms', node: 'Create webhook', lands: 'README.md#operations' },
		{ workflow: 'forms', node: 'Create webhook (tool)', lands: 'README.md#operations' },
		{
			workflow: 'on-declined-collect-reason',
			node: 'On recipient declined',
			lands: 'docs/triggers.md#document-signing-trigger-webhook',
		},
		{
			workflow: 'poll-for-completed-requests',
			node: 'Every minute: completed or declined',
			lands: 'docs/triggers.md#document-signing-poll-trigger',
		},
	],
	credentialLands: 'README.md#credentials',
	/** The signing page: a request sent to one signer, declined there with a reason. */
	signing: {
		declineWorkflow: 'on-declined-collect-reason',
		trigger: 'On recipient declined',
		request: 'Lease for Grace',
		signer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
		reason: 'The start date is wrong',
		listening: 'Listening for test event',
	},
	subtitlesWorkflow: 'dsUiTestCopy0001',
};

const NODE_TYPE = 'n8n-nodes-document-signing.documentSigning';
const NDV = '[data-test-id="ndv"]';
const OUTPUT = `${NDV} [data-test-id="output-panel"]`;
const sleep = async (ms: number) => await new Promise((r) => setTimeout(r, ms));

function expect(condition: boolean, message: string): void {
	if (!condition) throw new Error(message);
}

/** A box of text on top of the page, for a screenshot that shows what was checked. */
async function annotate(page: Page, lines: string[]): Promise<void> {
	await page.evaluate((text: string[]) => {
		const doc = (globalThis as any).document;
		doc.getElementById('ui-test-note')?.remove();
		const box = doc.createElement('div');
		box.id = 'ui-test-note';
		box.style.cssText =
			'position:fixed;left:12px;bottom:12px;z-index:99999;max-width:760px;padding:10px 14px;background:#fffbe6;border:1px solid #d4b106;border-radius:6px;font:13px/1.5 sans-serif;color:#222;white-space:pre-wrap';
		box.textContent = text.join('\n');
		doc.body.appendChild(box);
	}, lines);
}

async function clearNote(page: Page): Promise<void> {
	await page.evaluate(() => (globalThis as any).document.getElementById('ui-test-note')?.remove());
}

/** A workflow with the nodes whose subtitles the canvas check measures. */
export function copyWorkflows(templateId: string): Workflow[] {
	const credentials = { documentSigningApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	const node = (n: number, name: string, type: string, x: number, y: number, parameters = {}) => ({
		id: `c0000000-0000-4000-8000-00000000036${n}`,
		name,
		type,
		typeVersion: type === `${NODE_TYPE}Trigger` ? 2 : 1,
		position: [x, y] as [number, number],
		credentials,
		parameters,
	});
	return [
		{
			id: COPY.subtitlesWorkflow,
			name: 'UI test: canvas subtitles',
			active: false,
			settings: { executionOrder: 'v1' },
			connections: {
				'Signing tool': { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
			},
			nodes: [
				node(1, 'On completion', `${NODE_TYPE}Trigger`, 0, 0),
				node(2, 'Every minute', `${NODE_TYPE}PollTrigger`, 0, 240),
				node(3, 'Send it', NODE_TYPE, 300, 0, {
					resource: 'signingRequest',
					operation: 'createAndSendSigningRequest',
					source: 'template',
					templateId: { __rl: true, mode: 'id', value: templateId },
					name: 'NDA',
				}),
				node(4, 'Signed PDF', NODE_TYPE, 560, 0, {
					resource: 'signingRequest',
					operation: 'downloadSigningRequest',
				}),
				{
					id: 'c0000000-0000-4000-8000-000000000365',
					name: 'Agent',
					type: '@n8n/n8n-nodes-langchain.agent',
					typeVersion: 2.2,
					position: [300, 240] as [number, number],
					parameters: {},
				},
				node(6, 'Signing tool', `${NODE_TYPE}Tool`, 420, 460, {
					resource: 'signingRequest',
					operation: 'listSigningRequests',
				}),
			],
		},
	];
}

/** The Docs link of the open node window. */
async function docsLink(page: Page): Promise<string> {
	return await page.evaluate((ndv: string) => {
		const doc = (globalThis as any).document;
		const tab = doc.querySelector(`${ndv} [data-test-id="tab-docs"]`);
		const anchor =
			tab?.closest('a[href]') ??
			tab?.querySelector('a[href]') ??
			[...doc.querySelectorAll(`${ndv} a[href]`)].find(
				(a: any) => String(a.innerText).trim() === 'Docs',
			);
		return anchor ? String(anchor.href) : '';
	}, NDV);
}

function where(url: string): string {
	const lands = landing(url);
	return 'wrong' in lands ? lands.wrong : `${lands.file}#${lands.heading}`;
}

export function copyChecks(stack: Stack, ui: UiHelpers): Check[] {
	const url = stack.inst.url;
	const sandbox = stack.sandbox;
	const workflowId = (name: string) =>
		name === 'forms' ? 'dsUiTestForms001' : stack.examples[name].id;
	return [
		{
			name: "each node window's Docs link and the credential's open the section they name",
			run: async (page) => {
				const seen: string[] = [];
				for (const want of COPY.docsLinks) {
					await ui.openWorkflow(page, url, workflowId(want.workflow));
					await ui.openNode(page, want.node);
					const href = await docsLink(page);
					expect(href !== '', `"${want.node}": no Docs link in the node window`);
					expect(
						where(href) === want.lands,
						`"${want.node}": the Docs link ${href} lands on ${where(href)}, expected ${want.lands}`,
					);
					seen.push(`${want.node}: Docs → ${href}\n   opens ${want.lands.replace('#', ' › #')}`);
					if (want === COPY.docsLinks[0]) {
						await annotate(page, seen);
						await ui.shot(page, 'docs-link');
						await clearNote(page);
					}
					await ui.closeNode(page);
				}
				// The credential's modal: its docs link, as the editor builds it.
				await page.goto(`${url}/home/credentials/${CREDENTIAL_ID}`, {
					waitUntil: 'networkidle2',
				});
				await waitInPage(
					page,
					'the credential modal with a docs link into the repository',
					(repo: string) =>
						[...(globalThis as any).document.querySelectorAll('a[href]')].some((a: any) =>
							String(a.href).startsWith(repo),
						),
					REPOSITORY,
				);
				const credentialHref = await page.evaluate(
					(repo: string) =>
						[...(globalThis as any).document.querySelectorAll('a[href]')]
							.map((a: any) => String(a.href))
							.find((href: string) => href.startsWith(repo)) ?? '',
					REPOSITORY,
				);
				expect(
					where(credentialHref) === COPY.credentialLands,
					`the credential's docs link ${credentialHref} lands on ${where(credentialHref)}`,
				);
				seen.push(
					`credential: docs → ${credentialHref}\n   opens ${COPY.credentialLands.replace('#', ' › #')}`,
				);
				await annotate(page, seen);
				await ui.shot(page, 'docs-link-credential');
				await clearNote(page);
				await page.keyboard.press('Escape');
			},
		},
		{
			name: "the sandbox's signing link opens a page to sign or decline; a decline there reaches the listening trigger",
			run: async (page) => {
				const want = COPY.signing;
				await ui.openWorkflow(page, url, workflowId(want.declineWorkflow));
				await ui.openNode(page, want.trigger);
				const testHooks = () =>
					sandbox.webhooks.records.filter((r) => r.url.startsWith(`${url}/webhook-test/`));
				const before = testHooks().length;
				await (await page.waitForSelector(`${NDV} [data-test-id="trigger-execute-button"]`, {
					visible: true,
				}))!.click();
				await waitForTexts(page, NDV, [want.listening], 'the trigger listens');
				const hook = await until('the test webhook at the sandbox', () => testHooks()[before]);
				await until('the creation ping answered', () =>
					sandbox.deliveries.find(
						(d) => d.url === hook.url && d.eventType === 'webhook.test' && d.status !== null,
					),
				);

				// A request sent elsewhere, to one signer.
				const sent = await sandboxApi<{ id: string }>(
					sandbox.url,
					'POST',
					'/signing-requests/create-and-send',
					{
						name: want.request,
						template_id: stack.templateId,
						recipients: [{ order: 1, ...want.signer }],
					},
				);
				// The signer, in a tab of their own: the list of requests, then their signing page.
				const signer = await page.browser().newPage();
				try {
					await signer.setViewport({ width: 1440, height: 900 });
					await signer.goto(`${sandbox.url}/_sandbox/signing`, { waitUntil: 'networkidle2' });
					const name = `${want.signer.first_name} ${want.signer.last_name} <${want.signer.email}>`;
					const link = await signer.waitForFunction(
						(id: string, text: string) =>
							[...(globalThis as any).document.querySelectorAll('a[href]')].find(
								(a: any) => a.href.includes(id) && a.innerText.trim() === text,
							),
						{ timeout: 60_000 },
						sent.id,
						name,
					);
					await Promise.all([
						signer.waitForNavigation({ waitUntil: 'networkidle2' }),
						(link.asElement() as any).click(),
					]);
					const shown = await signer.evaluate(() => {
						const doc = (globalThis as any).document;
						return {
							title: doc.querySelector('h1')?.innerText ?? '',
							frame: doc.querySelector('iframe')?.getAttribute('src') ?? '',
							sign: Boolean(doc.querySelector('button[data-action="sign"]')),
							decline: Boolean(doc.querySelector('button[data-action="decline"]')),
							reason: Boolean(doc.querySelector('textarea[name="reason"]')),
						};
					});
					expect(
						shown.title === want.request &&
							shown.frame.endsWith('/document') &&
							shown.sign &&
							shown.decline &&
							shown.reason,
						`the signing page shows ${JSON.stringify(shown)}`,
					);
					const document = await signer.evaluate(async (src: string) => {
						const res = await fetch(src);
						return {
							type: res.headers.get('content-type'),
							size: (await res.arrayBuffer()).byteLength,
						};
					}, shown.frame);
					expect(
						document.type === 'application/pdf' && document.size > 500,
						`the document: ${JSON.stringify(document)}`,
					);
					await sleep(1500); // the browser's PDF viewer draws the page
					await ui.shot(signer, 'sandbox-signing-page');
					await signer.type('textarea[name="reason"]', want.reason);
					await Promise.all([
						signer.waitForNavigation({ waitUntil: 'networkidle2' }),
						signer.click('button[data-action="decline"]'),
					]);
					const after = await signer.$eval('[data-state]', (el) => (el as any).innerText);
					expect(
						String(after).startsWith('You declined to sign at') &&
							String(after).includes(want.reason),
						`after Decline the page says "${after}"`,
					);
				} finally {
					await signer.close();
				}
				// The service's event, delivered as any decline's: the listening editor shows it.
				await page.bringToFront();
				await waitForTexts(
					page,
					OUTPUT,
					['signing_request.recipient.declined', sent.id, want.reason],
					'the decline in the editor',
				);
				const delivery = sandbox.deliveries.find(
					(d) => d.url === hook.url && d.eventType === 'signing_request.recipient.declined',
				);
				expect(delivery?.status === 200, `the delivery was answered ${delivery?.status}`);
				// The editor leaves the listening state a moment after it shows the event.
				await waitInPage(
					page,
					'the editor to stop listening',
					(sel: string, text: string) =>
						!String((globalThis as any).document.querySelector(sel)?.innerText ?? '').includes(
							text,
						),
					NDV,
					want.listening,
				);
				// Bring the reason typed on the page into view in the output table.
				await page.evaluate(
					(output: string, reason: string) => {
						const cells = [
							...(globalThis as any).document.querySelectorAll(`${output} td, ${output} span`),
						] as any[];
						cells
							.filter((el) => String(el.innerText).includes(reason))
							.pop()
							?.scrollIntoView({ block: 'center', inline: 'center' });
					},
					OUTPUT,
					want.reason,
				);
				await sleep(500);
				await ui.shot(page, 'sandbox-decline-in-editor');
				await ui.closeNode(page);
			},
		},
		{
			name: 'every canvas subtitle and dropdown description is whole at the editor width; the send notice',
			run: async (page) => {
				const write = process.env.UI_WRITE_METRICS === '1';
				// A dropdown in a collection: the Designation of a recipient. n8n caps a dropdown at
				// 420 px and a long description widens it that far: the room is the same as at the top.
				await ui.openWorkflow(page, url, 'dsUiTestForms001');
				await ui.openNode(page, 'Labels');
				await (await page.waitForSelector(
					`${NDV} [data-test-id="parameter-input-designation"]`,
				))!.click();
				await sleep(800);
				const nested = await descriptionBox(page);
				expect(nested.room > 0, 'no option description in the Designation dropdown');
				await page.keyboard.press('Escape');
				await ui.closeNode(page);

				await ui.openWorkflow(page, url, COPY.subtitlesWorkflow);
				await page.evaluate(() => (globalThis as any).document.fonts.ready);
				// The canvas: what each node shows, and the room and font of a subtitle.
				const canvas = await page.$$eval('[data-test-id="canvas-node"]', (els) =>
					els.map((el) => {
						const s = el.querySelector('[class*="_subtitle_"]') as any;
						const style = s ? (globalThis as any).getComputedStyle(s) : null;
						return {
							name: el.getAttribute('data-node-name') ?? '',
							type: el.getAttribute('data-node-type') ?? '',
							text: s ? String(s.innerText).trim() : '',
							room: s ? s.clientWidth : 0,
							cut: s ? s.scrollWidth > s.clientWidth : false,
							font: style ? `${style.fontSize} ${style.fontFamily}` : '',
						};
					}),
				);
				const roomOf = (type: string) => canvas.find((n) => n.type === type)?.room ?? 0;
				const measured = {
					node: roomOf(NODE_TYPE),
					tool: roomOf(`${NODE_TYPE}Tool`),
					font: canvas.find((n) => n.type === NODE_TYPE)?.font ?? '',
				};
				const shownCut = canvas.filter((n) => n.cut).map((n) => `${n.name}: "${n.text}"`);
				expect(shownCut.length === 0, `subtitles cut on the canvas: ${JSON.stringify(shownCut)}`);
				// Every subtitle the nodes can show, in the real element of its kind of node.
				const texts = canvasSubtitles();
				const cut = await page.evaluate(
					(all: Array<{ where: string; text: string; room: string }>, types: string[]) => {
						const doc = (globalThis as any).document;
						const element = (type: string) =>
							doc.querySelector(
								`[data-test-id="canvas-node"][data-node-type="${type}"] [class*="_subtitle_"]`,
							);
						const found: string[] = [];
						for (const { where, text, room } of all) {
							const s = element(room === 'tool' ? types[1] : types[0]);
							const before = s.textContent;
							s.textContent = text;
							if (s.scrollWidth > s.clientWidth) found.push(`${where}: "${text}"`);
							s.textContent = before;
						}
						return found;
					},
					texts,
					[NODE_TYPE, `${NODE_TYPE}Tool`],
				);
				expect(cut.length === 0, `subtitles too long for the canvas: ${JSON.stringify(cut)}`);
				await annotate(page, [
					`Canvas subtitles: ${texts.length} checked in the editor's own subtitle elements, none cut.`,
					`Room: ${measured.node} px (node), ${measured.tool} px (AI tool); font ${measured.font}.`,
				]);
				await ui.shot(page, 'canvas-subtitles');
				await clearNote(page);

				// The send notice, as the Create and Send form shows it.
				await ui.openNode(page, 'Send it');
				const ndv = await page.$eval(NDV, (el) =>
					String((el as any).innerText).replace(/\s+/g, ' '),
				);
				expect(
					ndv.includes(sendNotice.displayName),
					`the Create and Send form does not show the send notice "${sendNotice.displayName}"`,
				);
				await ui.shot(page, 'send-notice');
				// The Operation dropdown: the room and font of an option's description.
				await (await page.waitForSelector(
					`${NDV} [data-test-id="parameter-input-operation"]`,
				))!.click();
				await sleep(800);
				const top = await descriptionBox(page);
				expect(top.room > 0, 'no option description in the Operation dropdown');
				expect(
					nested.room === top.room,
					`descriptions wrap at ${top.room} px at the top of the form, ${nested.room} px in a collection`,
				);
				const lines = await page.evaluate(
					(all: Array<{ where: string; text: string }>, room: number) => {
						const doc = (globalThis as any).document;
						const sample = [...doc.querySelectorAll('.option-description')].find(
							(e: any) => e.offsetParent !== null,
						) as any;
						const probe = sample.cloneNode(false);
						probe.classList.remove('option-description--clamped');
						probe.style.cssText = 'position:absolute;left:-4000px;top:0;display:block';
						sample.parentElement.appendChild(probe);
						const lineHeight = parseFloat((globalThis as any).getComputedStyle(probe).lineHeight);
						const found: string[] = [];
						probe.style.width = `${room}px`;
						for (const { where, text } of all) {
							probe.textContent = text;
							const n = Math.round(probe.getBoundingClientRect().height / lineHeight);
							if (n > 2) found.push(`${where}: ${n} lines: "${text}"`);
						}
						probe.remove();
						return found;
					},
					dropdownDescriptions(),
					top.room,
				);
				expect(lines.length === 0, `descriptions cut after two lines: ${JSON.stringify(lines)}`);
				await annotate(page, [
					`Dropdown descriptions: ${dropdownDescriptions().length} checked, each at most two lines`,
					`(${top.room} px wide, in a dropdown as in one in a collection; font ${top.font}).`,
				]);
				await ui.shot(page, 'operation-descriptions');
				await clearNote(page);
				await page.keyboard.press('Escape');
				await ui.closeNode(page);

				// The measures the unit test uses: the same as the editor's.
				const advance = await page.evaluate(
					(fonts: Record<string, string>, chars: string[]) => {
						const ctx = (globalThis as any).document.createElement('canvas').getContext('2d');
						const out: Record<string, Record<string, number>> = {};
						for (const [size, font] of Object.entries(fonts)) {
							ctx.font = font;
							out[size] = Object.fromEntries(
								chars.map((c) => [c, Math.round(ctx.measureText(c).width * 1000) / 1000]),
							);
						}
						return out;
					},
					{ '13': `400 13px InterVariable`, '12': `400 12px InterVariable` },
					Object.keys(METRICS.advance['13']),
				);
				const now: EditorMetrics = {
					...METRICS,
					subtitle: { ...METRICS.subtitle, room: { node: measured.node, tool: measured.tool } },
					dropdownDescription: {
						...METRICS.dropdownDescription,
						room: top.room,
					},
					advance,
				};
				if (write) {
					writeFileSync(METRICS_FILE, `${JSON.stringify(now, null, '\t')}\n`);
					console.log(`      wrote ${METRICS_FILE}: run npx prettier --write on it`);
					return;
				}
				const differs: string[] = [];
				if (!/^13px InterVariable/.test(measured.font))
					differs.push(`subtitle font ${measured.font}`);
				if (!/^12px InterVariable/.test(top.font)) differs.push(`description font ${top.font}`);
				if (JSON.stringify(now.subtitle) !== JSON.stringify(METRICS.subtitle))
					differs.push(`subtitle room ${JSON.stringify(now.subtitle.room)}`);
				if (JSON.stringify(now.dropdownDescription) !== JSON.stringify(METRICS.dropdownDescription))
					differs.push(`description room ${JSON.stringify(now.dropdownDescription.room)}`);
				for (const size of ['12', '13'])
					for (const [char, width] of Object.entries(METRICS.advance[size]))
						if (Math.abs(advance[size][char] - width) > 0.01)
							differs.push(`"${char}" at ${size} px: ${advance[size][char]} (file: ${width})`);
				expect(
					differs.length === 0,
					`the editor measures differ from test/kit/editorText.json (rewrite it with UI_WRITE_METRICS=1): ${differs.slice(0, 12).join('; ')}`,
				);
			},
		},
	];
}

/** The open dropdown's option descriptions: the room of the selected one (its check mark takes
 * room) and their font. */
async function descriptionBox(page: Page): Promise<{ room: number; font: string }> {
	return await page.evaluate(() => {
		const doc = (globalThis as any).document;
		const shown = [...doc.querySelectorAll('.option-description')].filter(
			(e: any) => e.offsetParent !== null,
		) as any[];
		if (shown.length === 0) return { room: 0, font: '' };
		// A text too long for one line fills the box: its width is the room.
		const probe = shown[0].cloneNode(false);
		probe.classList.remove('option-description--clamped');
		probe.style.display = 'block';
		probe.textContent = 'W '.repeat(200);
		shown[0].parentElement.appendChild(probe);
		const full = probe.clientWidth;
		probe.remove();
		// The selected option's (its check mark takes room), among the open dropdown's.
		const selected = shown.find((e) => {
			const item = e.closest('.el-select-dropdown__item');
			return item?.classList.contains('selected') || item?.classList.contains('is-selected');
		});
		let room = full;
		if (selected) {
			const p = selected.cloneNode(false);
			p.classList.remove('option-description--clamped');
			p.style.display = 'block';
			p.textContent = 'W '.repeat(200);
			selected.parentElement.appendChild(p);
			room = Math.min(room, p.clientWidth);
			p.remove();
		}
		const style = (globalThis as any).getComputedStyle(shown[0]);
		return { room, font: `${style.fontSize} ${style.fontFamily}` };
	});
}
