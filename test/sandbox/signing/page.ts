/**
 * The sandbox's signing page: what a recipient's `signing_link` opens in a browser. It stands in
 * for the service's signing page, so that someone trying the package (`npm start`) can finish the
 * journey without curl: the document, a Sign button, and Decline with a reason.
 *
 *   GET  /_sandbox/signing                            the open signing requests, a link per recipient
 *   GET  /_sandbox/signing/:id/:recipientId           this page (JSON for clients that ask for JSON)
 *   GET  /_sandbox/signing/:id/:recipientId/document  the document shown on it (PDF, inline)
 *   POST /_sandbox/signing/:id/:recipientId/sign      the Sign button (a form post)
 *   POST /_sandbox/signing/:id/:recipientId/decline   the Decline button, with `reason`
 *
 * The buttons act through the sandbox's one simulator (signing/simulate.ts), as the JSON action URLs
 * and `sandbox.simulate` do: the same rules, audit entries and events (so the same webhook
 * deliveries). Routes: routes/simulate.ts.
 */
import {
	type ParticipantRecord,
	type SigningRequestRecord,
	type SigningStore,
	fullName,
	isSignerLike,
} from './models';
import { sortedParticipants } from './serialize';

/** Whether a request's Accept header asks for HTML rather than JSON (a browser, not a script). */
export function prefersHtml(accept: string | undefined): boolean {
	const weights = new Map<string, number>();
	for (const part of (accept ?? '').split(',')) {
		const [type, ...params] = part.trim().toLowerCase().split(';');
		if (type === '') continue;
		const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
		weights.set(type, q ? Number(q[1]) : 1);
	}
	const html = weights.get('text/html') ?? weights.get('application/xhtml+xml') ?? 0;
	const json = weights.get('application/json') ?? 0;
	return html > 0 && html >= json;
}

export function escapeHtml(text: string): string {
	return text.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
	);
}

/** The page's address of a recipient (the `signing_link` without the sandbox's base URL). */
export function pagePath(sr: SigningRequestRecord, p: ParticipantRecord): string {
	return `/_sandbox/signing/${encodeURIComponent(sr.id)}/${encodeURIComponent(p.id)}`;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

/** What this recipient has done or may do, in a sentence; `mayAct` when the buttons apply. */
export function recipientState(
	store: SigningStore,
	sr: SigningRequestRecord,
	p: ParticipantRecord,
): { mayAct: boolean; text: string } {
	const status = store.statusOf(sr);
	if (p.finished_on !== null)
		return {
			mayAct: false,
			text: `You signed this document at ${iso(p.finished_on)}.${status === 'finished' ? ' Everyone has signed: this is the signed document.' : ''}`,
		};
	if (p.declined_on !== null)
		return {
			mayAct: false,
			text: `You declined to sign at ${iso(p.declined_on)}${p.decline_reason ? `: "${p.decline_reason}"` : ''}.`,
		};
	if (!isSignerLike(p))
		return {
			mayAct: false,
			text: `You receive a copy (${p.designation}): there is nothing to sign.`,
		};
	if (status === 'not_sent')
		return { mayAct: false, text: 'This signing request has not been sent yet.' };
	if (status !== 'in_progress')
		return {
			mayAct: false,
			text: `This signing request is ${status === 'finished' ? 'completed' : status}: there is nothing to sign any more.`,
		};
	if (!store.actionableRecipients(sr).some((r) => r.id === p.id))
		return {
			mayAct: false,
			text: `Not your turn yet: the recipients at order ${store.currentOrder(sr)} sign first.`,
		};
	return { mayAct: true, text: 'Your turn: read the document, then sign or decline.' };
}

function recipientLine(p: ParticipantRecord): string {
	const state =
		p.finished_on !== null
			? 'signed'
			: p.declined_on !== null
				? 'declined'
				: isSignerLike(p)
					? 'has not signed yet'
					: 'gets a copy';
	return `${escapeHtml(fullName(p))} &lt;${escapeHtml(p.email)}&gt; · ${escapeHtml(p.designation)}, order ${p.order}: ${state}`;
}

/** What signing puts into a field of each type (simulate.ts, sampleValue), in words. */
const FILLED_WITH: Record<string, string> = {
	signature: 'your name as signature',
	approval_signature: 'your name as signature',
	initial: 'your initials',
	date: "today's date",
	approval_date: "today's date",
	approval_checkmark: 'a check mark',
	checkbox: 'a tick where one is required',
	text: 'sample text where one is required',
	text_area: 'sample text where one is required',
	number: '42 where a number is required',
	dropdown: 'the first choice where one is required',
	file: 'a sample file where one is required',
	image: 'a sample image',
	stamp: 'a stamp',
};

const STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #f4f5f7; }
.sandbox { background: #fff4ce; border-bottom: 1px solid #e8d48a; padding: 8px 24px; font-size: 13px; }
main { display: flex; gap: 24px; padding: 20px 24px; align-items: flex-start; }
.document { flex: 1 1 auto; min-width: 0; }
.document iframe { width: 100%; height: calc(100vh - 150px); min-height: 480px; border: 1px solid #d0d7de; background: #fff; }
aside { flex: 0 0 380px; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 20px; }
h1 { font-size: 20px; margin: 0 0 4px; }
.who { color: #57606a; margin: 0 0 16px; }
.state { padding: 10px 12px; border-radius: 6px; background: #eef4ff; margin: 0 0 16px; }
.state.done { background: #e9f7ef; }
.error { padding: 10px 12px; border-radius: 6px; background: #ffebe9; color: #82071e; margin: 0 0 16px; }
form { margin: 0 0 16px; }
button { font: inherit; font-weight: 600; border: 0; border-radius: 6px; padding: 10px 18px; cursor: pointer; }
button.sign { background: #1f883d; color: #fff; width: 100%; }
button.decline { background: #fff; color: #cf222e; border: 1px solid #cf222e; }
label { display: block; font-weight: 600; margin: 0 0 6px; }
textarea { width: 100%; font: inherit; padding: 8px; border: 1px solid #d0d7de; border-radius: 6px; margin: 0 0 8px; }
.note, .recipients { font-size: 13px; color: #57606a; }
.recipients { padding-left: 18px; }
hr { border: 0; border-top: 1px solid #d0d7de; margin: 16px 0; }
`;

/** The signing page of one recipient. `error`: what the last button press was refused with. */
export function signingPage(
	store: SigningStore,
	sr: SigningRequestRecord,
	p: ParticipantRecord,
	error?: string,
): string {
	const base = pagePath(sr, p);
	const state = recipientState(store, sr, p);
	const mine = sr.fields.filter((f) => f.recipient_id === p.id && !f.read_only);
	const fills = [...new Set(mine.map((f) => FILLED_WITH[f.type]).filter(Boolean))];
	const autoSign = store.autoSignAfterMs;
	const actions = state.mayAct
		? `
<form method="post" action="${base}/sign">
  <button class="sign" type="submit" data-action="sign">Sign</button>
</form>
<p class="note">${
				mine.length === 0
					? 'You have no fields to fill in.'
					: `Signing fills in your fields as a signer would: ${escapeHtml(fills.join(', ') || 'as they need')}.`
			}</p>
<hr>
<form method="post" action="${base}/decline">
  <label for="reason">Reason for declining (optional)</label>
  <textarea id="reason" name="reason" rows="3" maxlength="1000" placeholder="e.g. The start date is wrong"></textarea>
  <button class="decline" type="submit" data-action="decline">Decline</button>
</form>`
		: '';
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(sr.name)}: signing as ${escapeHtml(fullName(p))} (sandbox)</title>
<style>${STYLE}</style>
</head>
<body>
<div class="sandbox"><b>Sandbox</b>: this page stands in for the service's signing page, which the service's emails link to. The sandbox sends no emails: each recipient's <code>signing_link</code> opens their page.${
		autoSign
			? ` The sandbox also signs for pending recipients by itself ${autoSign / 1000} s after sending and after each signature (<code>SANDBOX_AUTO_SIGN_MS=0</code> turns that off).`
			: ''
	}</div>
<main>
<section class="document">
  <iframe src="${base}/document" title="The document: ${escapeHtml(sr.name)}"></iframe>
  <p class="note"><a href="${base}/document" target="_blank">Open the document</a> (PDF${sr.finalPdf ? ', signed' : ''}, ${sr.pageCount} page${sr.pageCount === 1 ? '' : 's'})</p>
</section>
<aside>
  <h1>${escapeHtml(sr.name)}</h1>
  <p class="who">Signing as <b>${escapeHtml(fullName(p))}</b> (${escapeHtml(p.email)}), ${escapeHtml(p.designation)}${sr.test_mode ? ' · test request (not legally binding)' : ''}</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <p class="state${state.mayAct ? '' : ' done'}" data-state>${escapeHtml(state.text)}</p>
  ${actions}
  <hr>
  <p class="note">Recipients</p>
  <ul class="recipients">${sortedParticipants(sr)
		.map(
			(r) =>
				`<li>${r.id === p.id ? '<b>' : ''}${recipientLine(r)}${r.id === p.id ? '</b>' : ''}</li>`,
		)
		.join('')}</ul>
</aside>
</main>
</body>
</html>
`;
}

/** `GET /_sandbox/signing`: the signing requests that wait for signatures, a link per recipient. */
export function openRequestsPage(store: SigningStore): string {
	const open = store.signingRequests
		.filter((sr) => sr.deleted_on === null && store.statusOf(sr) === 'in_progress')
		.sort((a, b) => (b.sent_on ?? 0) - (a.sent_on ?? 0));
	const items = open
		.map(
			(sr) =>
				`<li><b>${escapeHtml(sr.name)}</b> (sent ${iso(sr.sent_on ?? sr.created_at)})<ul>${sortedParticipants(
					sr,
				)
					.filter(isSignerLike)
					.map(
						(p) =>
							`<li><a href="${pagePath(sr, p)}">${escapeHtml(fullName(p))} &lt;${escapeHtml(p.email)}&gt;</a>: ${
								p.finished_on !== null
									? 'signed'
									: store.actionableRecipients(sr).some((r) => r.id === p.id)
										? 'may sign now'
										: 'waits for their turn'
							}</li>`,
					)
					.join('')}</ul></li>`,
		)
		.join('');
	return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Signing requests waiting for signatures (sandbox)</title><style>${STYLE} main { display: block; }</style></head>
<body>
<div class="sandbox"><b>Sandbox</b>: the signing requests that wait for signatures. Open a recipient to sign or decline as them.</div>
<main>
<h1>Waiting for signatures</h1>
${open.length > 0 ? `<ul>${items}</ul>` : '<p>No signing request waits for signatures: send one first (Create and Send, or Send).</p>'}
</main>
</body>
</html>
`;
}
