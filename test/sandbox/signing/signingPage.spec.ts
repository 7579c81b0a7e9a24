/**
 * The signing page (issue 36 §5): a recipient's signing_link opens, in a browser, a page with the
 * document, Sign and Decline with a reason; its buttons act like every other signing of the
 * sandbox (the same events, so the same webhook deliveries). Clients that ask for JSON still get
 * the JSON answer.
 */
import { P, Receiver, createSent, ok } from '../fixtures';
import { startSandbox, type Sandbox } from '../index';
import { prefersHtml } from './page';
import { isPdf } from './pdf';

/** What Chromium sends when it opens a link. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let sb: Sandbox;
let receiver: Receiver;
beforeEach(async () => {
	sb = await startSandbox({ webhookTestOnCreate: false });
	receiver = await new Receiver().start();
	await ok(sb, 'POST', '/webhooks', {
		body: {
			url: receiver.url,
			events: [
				'signing_request.viewed',
				'signing_request.recipient.signed',
				'signing_request.recipient.declined',
				'signing_request.completed',
			],
		},
	});
});
afterEach(async () => {
	await sb.close();
	await receiver.stop();
});

const link = (id: string, recipient: string) => `${sb.url}/_sandbox/signing/${id}/${recipient}`;
const open = async (url: string, accept = BROWSER) => {
	const res = await fetch(url, { headers: { Accept: accept } });
	return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};
/** A press of a page's button: the form post a browser makes. */
const press = async (url: string, fields: Record<string, string> = {}) =>
	await fetch(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: BROWSER },
		body: new URLSearchParams(fields).toString(),
		redirect: 'manual',
	});
/** The events the sandbox emitted for one signing request, by type. */
const eventsOf = (id: string) =>
	sb.state.events.emitted
		.filter((e) => (e.data.signing_request as { id?: string } | undefined)?.id === id)
		.map((e) => e.type);
/** The event types delivered to the webhook for one signing request, in delivery order. */
const deliveredFor = async (id: string, count: number) => {
	const deadline = Date.now() + 5000;
	for (;;) {
		const types = receiver.received
			.map(
				(r) => JSON.parse(r.body) as { type: string; data: { signing_request?: { id: string } } },
			)
			.filter((e) => e.data.signing_request?.id === id)
			.map((e) => e.type);
		if (types.length >= count || Date.now() > deadline) return types;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
};

describe('a browser opening a signing_link', () => {
	it('gets a page with the document, Sign and Decline with a reason', async () => {
		const sent = await createSent(sb, P.liveKey, 'Service Agreement');
		const page = await open(link(sent.id, sent.ada));
		expect(page.status).toBe(200);
		expect(page.type).toMatch(/^text\/html/);
		expect(page.text).toContain('<h1>Service Agreement</h1>');
		expect(page.text).toContain('Signing as <b>Ada Lovelace</b> (ada@example.com)');
		expect(page.text).toContain('Your turn: read the document, then sign or decline.');
		expect(page.text).toContain(`<iframe src="/_sandbox/signing/${sent.id}/${sent.ada}/document"`);
		expect(page.text).toMatch(
			new RegExp(
				`<form method="post" action="/_sandbox/signing/${sent.id}/${sent.ada}/sign">\\s*<button[^>]*>Sign</button>`,
			),
		);
		expect(page.text).toMatch(
			new RegExp(
				`<form method="post" action="/_sandbox/signing/${sent.id}/${sent.ada}/decline">[\\s\\S]*<textarea id="reason" name="reason"[\\s\\S]*>Decline</button>`,
			),
		);
		expect(page.text).toContain('The sandbox sends no emails');
		// Ada's one field is a signature: what Sign puts there.
		expect(page.text).toContain(
			'Signing fills in your fields as a signer would: your name as signature.',
		);

		const document = await fetch(`${link(sent.id, sent.ada)}/document`);
		expect(document.headers.get('content-type')).toBe('application/pdf');
		expect(document.headers.get('content-disposition')).toMatch(/^inline;/);
		const bytes = Buffer.from(await document.arrayBuffer());
		expect(isPdf(bytes)).toBe(true);
		expect(bytes.equals(sb.signing.getSigningRequest(sent.id)!.document)).toBe(true);
	});

	it('is viewing the document: signing_request.viewed, delivered like any view', async () => {
		const sent = await createSent(sb);
		await open(link(sent.id, sent.ada));
		expect(eventsOf(sent.id).slice(-1)).toEqual(['signing_request.viewed']);
		expect(await deliveredFor(sent.id, 1)).toEqual(['signing_request.viewed']);
	});

	it('escapes what people typed', async () => {
		const sent = await createSent(sb, P.liveKey, '<script>alert(1)</script> & co');
		const page = await open(link(sent.id, sent.ada));
		expect(page.text).not.toContain('<script>alert(1)</script>');
		expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
	});
});

describe('clients that ask for JSON', () => {
	it.each([
		['application/json', 'application/json'],
		['no Accept (fetch, curl: */*)', '*/*'],
		['JSON preferred over HTML', 'text/html;q=0.5, application/json'],
	])('%s: get the JSON answer with the action URLs', async (_what, accept) => {
		const sent = await createSent(sb);
		const res = await open(link(sent.id, sent.ada), accept);
		expect(res.type).toMatch(/^application\/json/);
		const body = JSON.parse(res.text);
		expect(body.recipient).toMatchObject({ id: sent.ada, email: 'ada@example.com' });
		expect(body.actions.sign).toBe(
			`/_sandbox/signing-requests/${sent.id}/recipients/${sent.ada}/sign`,
		);
		// Reading the JSON is no view of the document.
		expect(eventsOf(sent.id)).not.toContain('signing_request.viewed');
	});
});

describe("the page's buttons", () => {
	it('Sign signs through the simulator: the same events and deliveries as the JSON action URLs', async () => {
		// Two requests in the same state; one signed on the page, one by a script.
		const onPage = await createSent(sb, P.liveKey, 'On the page');
		const byScript = await createSent(sb, P.liveKey, 'By a script');
		await open(link(onPage.id, onPage.ada));
		const pressed = await press(`${link(onPage.id, onPage.ada)}/sign`);
		expect(pressed.status).toBe(303);
		expect(pressed.headers.get('location')).toBe(`/_sandbox/signing/${onPage.id}/${onPage.ada}`);

		const base = `/_sandbox/signing-requests/${byScript.id}/recipients/${byScript.ada}`;
		await ok(sb, 'POST', `${base}/view`);
		await ok(sb, 'POST', `${base}/sign`);

		expect(eventsOf(onPage.id)).toEqual(eventsOf(byScript.id));
		expect(eventsOf(onPage.id).slice(-2)).toEqual([
			'signing_request.viewed',
			'signing_request.recipient.signed',
		]);
		expect(await deliveredFor(onPage.id, 2)).toEqual(await deliveredFor(byScript.id, 2));
		const ada = sb.signing
			.getSigningRequest(onPage.id)!
			.recipients.find((r) => r.id === onPage.ada)!;
		expect(ada.finished_on).not.toBeNull();

		const after = await open(link(onPage.id, onPage.ada));
		expect(after.text).toMatch(/You signed this document at \d{4}-/);
		expect(after.text).not.toContain('data-action="sign"');
	});

	it('the last signature completes the request; the page then shows the signed PDF', async () => {
		const sent = await createSent(sb);
		await press(`${link(sent.id, sent.ada)}/sign`);
		const bob = await open(link(sent.id, sent.bob));
		expect(bob.text).toContain('Your turn');
		expect((await press(`${link(sent.id, sent.bob)}/sign`)).status).toBe(303);
		expect(eventsOf(sent.id)).toContain('signing_request.completed');
		expect(await deliveredFor(sent.id, 5)).toContain('signing_request.completed');
		const document = Buffer.from(
			await (await fetch(`${link(sent.id, sent.bob)}/document`)).arrayBuffer(),
		);
		expect(document.equals(sb.signing.getSigningRequest(sent.id)!.finalPdf!.bytes)).toBe(true);
		expect((await open(link(sent.id, sent.bob))).text).toContain(
			'Everyone has signed: this is the signed document.',
		);
	});

	it('Decline declines with the reason typed: the recipient.declined event carries it', async () => {
		const sent = await createSent(sb);
		const pressed = await press(`${link(sent.id, sent.ada)}/decline`, {
			reason: 'The start date is wrong',
		});
		expect(pressed.status).toBe(303);
		expect(sb.signing.getSigningRequest(sent.id)!.declined_on).not.toBeNull();
		const declined = sb.state.events.emitted.find(
			(e) => e.type === 'signing_request.recipient.declined',
		);
		expect(declined?.data).toMatchObject({ decline_reason: 'The start date is wrong' });
		await deliveredFor(sent.id, 2);
		expect(
			receiver.received
				.map((r) => JSON.parse(r.body))
				.find((e) => e.type === 'signing_request.recipient.declined')?.data,
		).toMatchObject({ decline_reason: 'The start date is wrong' });
		expect((await open(link(sent.id, sent.ada))).text).toContain('You declined to sign at');
	});

	it('a recipient whose turn has not come sees why, and a press is refused on the page', async () => {
		const sent = await createSent(sb);
		const bob = await open(link(sent.id, sent.bob));
		expect(bob.text).toContain('Not your turn yet: the recipients at order 1 sign first.');
		expect(bob.text).not.toContain('data-action="sign"');
		const pressed = await press(`${link(sent.id, sent.bob)}/sign`);
		expect(pressed.status).toBe(409);
		expect(pressed.headers.get('content-type')).toMatch(/^text\/html/);
		expect(await pressed.text()).toContain('Signing order: recipients at order 1 act first');
		expect(eventsOf(sent.id)).not.toContain('signing_request.recipient.signed');
	});
});

describe('GET /_sandbox/signing', () => {
	it('lists the requests that wait for signatures, a link per signer', async () => {
		const sent = await createSent(sb, P.liveKey, 'Lease');
		const page = await open(`${sb.url}/_sandbox/signing`);
		expect(page.type).toMatch(/^text\/html/);
		expect(page.text).toContain('<b>Lease</b>');
		expect(page.text).toContain(
			`<a href="/_sandbox/signing/${sent.id}/${sent.ada}">Ada Lovelace &lt;ada@example.com&gt;</a>: may sign now`,
		);
		expect(page.text).toContain('Bob Byron &lt;bob@example.com&gt;</a>: waits for their turn');
		const json = JSON.parse((await open(`${sb.url}/_sandbox/signing`, 'application/json')).text);
		expect(json.signing_requests.map((r: { id: string }) => r.id)).toEqual([sent.id]);
	});
});

describe('prefersHtml', () => {
	it.each([
		[BROWSER, true],
		['text/html', true],
		['application/json', false],
		['*/*', false],
		[undefined, false],
		['application/json, text/html;q=0.9', false],
		['text/html, application/json', true],
	])('%s → %s', (accept, html) => {
		expect(prefersHtml(accept)).toBe(html);
	});
});
