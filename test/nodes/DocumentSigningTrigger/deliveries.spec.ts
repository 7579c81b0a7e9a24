/**
 * Forged, tampered, replayed and duplicated deliveries never start the workflow; genuine ones
 * always do, exactly once. Every delivery goes over HTTP to the node's webhook() running in
 * n8n-core's WebhookContext (see triggerRig.ts); signatures are made here with node:crypto.
 */
import { createHash, createHmac } from 'node:crypto';

import { forgetProcessMemory } from '../../../nodes/DocumentSigningTrigger/dedup';
import { receiveTiming } from '../../../nodes/DocumentSigningTrigger/receive';
import { RETRY_AFTER_SECONDS } from '../../../nodes/shared/respond';
import {
	baseParameters,
	credentials,
	envelope,
	hmacHex,
	nowSeconds,
	OTHER_SECRET,
	productionReceiveTiming,
	SECRET,
	sign,
} from './support';
import { TriggerRig } from './triggerRig';

const productionTiming = productionReceiveTiming();

let rig: TriggerRig;
beforeAll(async () => {
	rig = await new TriggerRig({
		parameters: baseParameters(),
		credentials: credentials('http://127.0.0.1:1'),
	}).listen();
});
afterAll(async () => await rig.close());

type Headers = Record<string, string> | Array<[string, string]>;
interface Case {
	name: string;
	status: 401 | 400 | 200;
	make(): { body: string | Buffer; headers: Headers };
}

const fresh = () => JSON.stringify(envelope());
/** What the trigger records for a completion it took: its id and the change it reports (catchUp.ts). */
const seenWithChange = (eventId: string) => [
	[eventId, expect.any(Number)],
	['change:signing_request.completed:30000000-0000-4000-8000-000000000001', expect.any(Number)],
];
const mac = (text: string, secret = SECRET) => hmacHex(secret, text);
const withSig = (body: string | Buffer, signature: string, extra: Record<string, string> = {}) => ({
	body,
	headers: { 'X-Service-Signature': signature, 'X-Service-Delivery': 'dlv_corpus', ...extra },
});
/** A case whose signature header is built from a fresh body and the current time. */
const sig = (
	name: string,
	header: (body: string, t: number) => string,
	status: Case['status'] = 401,
): Case => ({
	name,
	status,
	make: () => {
		const body = fresh();
		return withSig(body, header(body, nowSeconds()));
	},
});
/** A case that signs one body correctly and then sends another. */
const tamper = (name: string, change: (body: string) => string | Buffer): Case => ({
	name,
	status: 401,
	make: () => {
		const body = fresh();
		return withSig(change(body), sign(body));
	},
});

const BAD: Case[] = [
	// --- missing or empty
	{
		name: 'no signature header',
		status: 401,
		make: () => ({ body: fresh(), headers: { 'X-Service-Delivery': 'dlv_x' } }),
	},
	sig('empty signature header', () => ''),
	// --- tampered body (signature of the original)
	tamper('changed event type', (b) =>
		b.replace('signing_request.completed', 'signing_request.recipient.declined'),
	),
	tamper('changed data value', (b) => b.replace('NDA Acme', 'NDA Evil')),
	tamper('changed event id', (b) => b.replace(/"id":"evt_[^"]+"/, '"id":"evt_forged"')),
	tamper('trailing newline appended', (b) => `${b}\n`),
	tamper('leading space', (b) => ` ${b}`),
	tamper('UTF-8 BOM prepended', (b) =>
		Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(b)]),
	),
	tamper('re-serialised with indentation', (b) => JSON.stringify(JSON.parse(b), null, 2)),
	tamper('re-serialised with keys reordered', (b) => {
		const { data, ...rest } = JSON.parse(b) as Record<string, unknown>;
		return JSON.stringify({ data, ...rest });
	}),
	tamper('body truncated', (b) => b.slice(0, -10)),
	tamper('empty body, signature of the real body', () => ''),
	{ name: 'empty body, no signature', status: 401, make: () => ({ body: '', headers: {} }) },
	// --- tampered timestamp
	sig('t+1 with the signature of t', (b, t) => `t=${t + 1},v1=${mac(`${t}.${b}`)}`),
	sig('t-1 with the signature of t', (b, t) => `t=${t - 1},v1=${mac(`${t}.${b}`)}`),
	// --- wrong key or wrong construction
	sig('wrong secret', (b, t) => sign(b, OTHER_SECRET, t)),
	sig('secret in upper case', (b, t) => sign(b, SECRET.toUpperCase(), t)),
	sig('secret with a trailing newline', (b, t) => sign(b, `${SECRET}\n`, t)),
	sig('empty secret', (b, t) => sign(b, '', t)),
	sig(
		'secret decoded from hex as key bytes',
		(b, t) =>
			`t=${t},v1=${createHmac('sha256', Buffer.from(SECRET, 'hex')).update(`${t}.${b}`).digest('hex')}`,
	),
	sig('signed without the "t." prefix', (b, t) => `t=${t},v1=${mac(b)}`),
	sig('signed with ":" instead of "."', (b, t) => `t=${t},v1=${mac(`${t}:${b}`)}`),
	sig('signed as "<body>.<t>"', (b, t) => `t=${t},v1=${mac(`${b}.${t}`)}`),
	sig(
		'HMAC-SHA1 (40 hex)',
		(b, t) => `t=${t},v1=${createHmac('sha1', SECRET).update(`${t}.${b}`).digest('hex')}`,
	),
	sig(
		'HMAC-SHA512 (128 hex)',
		(b, t) => `t=${t},v1=${createHmac('sha512', SECRET).update(`${t}.${b}`).digest('hex')}`,
	),
	sig(
		'plain SHA-256 of the payload, no key',
		(b, t) => `t=${t},v1=${createHash('sha256').update(`${t}.${b}`).digest('hex')}`,
	),
	sig(
		'v1 as base64 of the right digest',
		(b, t) => `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${b}`).digest('base64')}`,
	),
	sig('signature of another event with the same timestamp', (_b, t) => sign(fresh(), SECRET, t)),
	// --- missing or garbled parts
	sig('t missing', (b, t) => `v1=${mac(`${t}.${b}`)}`),
	sig('v1 missing', (_b, t) => `t=${t}`),
	sig('only a bare digest', (b, t) => mac(`${t}.${b}`)),
	sig('t repeated with the same value', (b, t) => `t=${t},t=${t},v1=${mac(`${t}.${b}`)}`),
	sig('t repeated with another value', (b, t) => `t=${t},v1=${mac(`${t}.${b}`)},t=${t - 999}`),
	sig('t not a number', (b, t) => `t=abc,v1=${mac(`${t}.${b}`)}`),
	sig('t negative', (b, t) => `t=-${t},v1=${mac(`-${t}.${b}`)}`),
	sig('t with decimals', (b, t) => `t=${t}.5,v1=${mac(`${t}.5.${b}`)}`),
	sig('t in hex', (b, t) => `t=0x${t.toString(16)},v1=${mac(`0x${t.toString(16)}.${b}`)}`),
	sig('t empty', (b) => `t=,v1=${mac(`.${b}`)}`),
	sig('t with a plus sign', (b, t) => `t=+${t},v1=${mac(`+${t}.${b}`)}`),
	// --- stale and future timestamps (correctly signed)
	sig('t in milliseconds (far future)', (b, t) => sign(b, SECRET, t * 1000)),
	sig('stale: 301 s old', (b, t) => sign(b, SECRET, t - 301)),
	sig('stale: one day old', (b, t) => sign(b, SECRET, t - 86_400)),
	sig('future: 301 s ahead', (b, t) => sign(b, SECRET, t + 301)),
	sig('future: one year ahead', (b, t) => sign(b, SECRET, t + 31_536_000)),
	sig('t=0', (b) => sign(b, SECRET, 0)),
	// --- broken digests
	sig('v1 not hex', (_b, t) => `t=${t},v1=${'g'.repeat(64)}`),
	sig('v1 63 hex characters', (b, t) => `t=${t},v1=${mac(`${t}.${b}`).slice(0, 63)}`),
	sig('v1 65 hex characters', (b, t) => `t=${t},v1=${mac(`${t}.${b}`)}0`),
	sig(
		'v1 twice as long (two digests glued)',
		(b, t) => `t=${t},v1=${mac(`${t}.${b}`)}${mac(`${t}.${b}`)}`,
	),
	sig('v1 empty', (_b, t) => `t=${t},v1=`),
	sig('v1 with 0x prefix', (b, t) => `t=${t},v1=0x${mac(`${t}.${b}`)}`),
	sig('v1 all zeros', (_b, t) => `t=${t},v1=${'0'.repeat(64)}`),
	// --- case and scheme tricks
	sig('upper-case V1', (b, t) => `t=${t},V1=${mac(`${t}.${b}`)}`),
	sig('upper-case T', (b, t) => `T=${t},v1=${mac(`${t}.${b}`)}`),
	sig('upper-case T and V1', (b, t) => `T=${t},V1=${mac(`${t}.${b}`)}`),
	sig('only an unknown scheme v2 with the right digest', (b, t) => `t=${t},v2=${mac(`${t}.${b}`)}`),
	sig('only an unknown scheme v0 with the right digest', (b, t) => `t=${t},v0=${mac(`${t}.${b}`)}`),
	sig('scheme "sha256=" with the right digest', (b, t) => `t=${t},sha256=${mac(`${t}.${b}`)}`),
	// --- separators and spaces
	sig('space after the comma', (b, t) => `t=${t}, v1=${mac(`${t}.${b}`)}`),
	sig('spaces around "="', (b, t) => `t = ${t},v1 = ${mac(`${t}.${b}`)}`),
	sig('tab inside', (b, t) => `t=${t},\tv1=${mac(`${t}.${b}`)}`),
	sig('leading comma', (b, t) => `,t=${t},v1=${mac(`${t}.${b}`)}`),
	sig('trailing comma', (b, t) => `t=${t},v1=${mac(`${t}.${b}`)},`),
	sig('double comma', (b, t) => `t=${t},,v1=${mac(`${t}.${b}`)}`),
	sig('semicolon separator', (b, t) => `t=${t};v1=${mac(`${t}.${b}`)}`),
	sig('colon instead of "="', (b, t) => `t:${t},v1:${mac(`${t}.${b}`)}`),
	sig('header longer than 1 KB', (b, t) => `${sign(b, SECRET, t)},${'x=1,'.repeat(300)}x=1`),
	// --- several signatures, none valid
	sig(
		'several v1, none valid',
		(_b, t) => `t=${t},v1=${'1'.repeat(64)},v1=${'2'.repeat(64)},v1=${'3'.repeat(64)}`,
	),
	sig(
		'several v1, each signed with another secret',
		(b, t) => `t=${t},v1=${mac(`${t}.${b}`, OTHER_SECRET)},v1=${mac(`${t}.${b}`, 'e'.repeat(64))}`,
	),
	{
		name: 'the header sent twice (one valid)',
		status: 401,
		make: () => {
			const body = fresh();
			return {
				body,
				headers: [
					['X-Service-Signature', sign(body)],
					['X-Service-Signature', sign(body, OTHER_SECRET)],
				],
			};
		},
	},
	// --- the old-secret header
	{
		name: 'old header only, wrong secret',
		status: 401,
		make: () => {
			const body = fresh();
			return { body, headers: { 'X-Service-Signature-Old': sign(body, OTHER_SECRET) } };
		},
	},
	{
		name: 'current and old both signed with wrong secrets',
		status: 401,
		make: () => {
			const body = fresh();
			return withSig(body, sign(body, OTHER_SECRET), {
				'X-Service-Signature-Old': sign(body, 'a'.repeat(64)),
			});
		},
	},
	{
		name: 'current garbled, old wrong',
		status: 401,
		make: () => {
			const body = fresh();
			return withSig(body, 'garbage', { 'X-Service-Signature-Old': sign(body, OTHER_SECRET) });
		},
	},
	{
		name: 'old header right secret but stale',
		status: 401,
		make: () => {
			const body = fresh();
			return withSig(body, sign(body, OTHER_SECRET), {
				'X-Service-Signature-Old': sign(body, SECRET, nowSeconds() - 3600),
			});
		},
	},
	{
		name: 'both headers valid for another body',
		status: 401,
		make: () => {
			const other = fresh();
			return withSig(fresh(), sign(other), { 'X-Service-Signature-Old': sign(other) });
		},
	},
	// --- signed, but not a usable event: 400, never started
	{
		name: 'correctly signed, not JSON',
		status: 400,
		make: () => withSig('not json', sign('not json')),
	},
	{ name: 'correctly signed JSON array', status: 400, make: () => withSig('[1,2]', sign('[1,2]')) },
	{
		name: 'correctly signed, no event id',
		status: 400,
		make: () => {
			const body = JSON.stringify({ type: 'signing_request.completed', data: {} });
			return withSig(body, sign(body));
		},
	},
	{
		name: 'correctly signed, no event type',
		status: 400,
		make: () => {
			const body = JSON.stringify({ id: 'evt_no_type', data: {} });
			return withSig(body, sign(body));
		},
	},
];

describe('bad deliveries: none starts the workflow', () => {
	it('has a corpus of more than 50 forged or broken deliveries', () => {
		expect(BAD.filter((c) => c.status === 401).length).toBeGreaterThanOrEqual(50);
		expect(new Set(BAD.map((c) => c.name)).size).toBe(BAD.length);
	});

	it.each(BAD.map((c) => [c.name, c] as const))('%s', async (_name, badCase) => {
		const before = rig.starts.length;
		const { body, headers } = badCase.make();
		const response = await rig.post(body, headers);
		expect(response.status).toBe(badCase.status);
		if (badCase.status === 401) expect(response.body).toMatchObject({ error: 'Invalid signature' });
		if (badCase.status === 400) expect(response.body).toMatchObject({ error: 'Invalid payload' });
		expect(rig.starts.length).toBe(before);
		expect(rig.webhookErrors).toEqual([]);
	});
});

describe('duplicates and replays: acknowledged (200), never started again', () => {
	it('a replay of the same delivery, and a retry with a new delivery id and timestamp', async () => {
		const body = fresh();
		const first = await rig.post(body, {
			'X-Service-Signature': sign(body),
			'X-Service-Delivery': 'dlv_1',
		});
		expect(first.status).toBe(200);
		const startsAfterFirst = rig.starts.length;

		const replay = await rig.post(body, {
			'X-Service-Signature': sign(body),
			'X-Service-Delivery': 'dlv_1',
		});
		expect(replay).toMatchObject({ status: 200, body: { received: true, duplicate: true } });

		const retry = await rig.post(body, {
			'X-Service-Signature': sign(body, SECRET, nowSeconds() - 5),
			'X-Service-Delivery': 'dlv_2',
		});
		expect(retry).toMatchObject({ status: 200, body: { received: true, duplicate: true } });

		// the same event in the older envelope shape is the same event
		const parsed = JSON.parse(body) as {
			id: string;
			type: string;
			created_at: string;
			data: unknown;
		};
		const older = JSON.stringify({
			event_id: parsed.id,
			event_type: parsed.type,
			timestamp: parsed.created_at,
			data: parsed.data,
		});
		expect(await rig.post(older, { 'X-Service-Signature': sign(older) })).toMatchObject({
			status: 200,
			body: { duplicate: true },
		});
		expect(rig.starts.length).toBe(startsAfterFirst);
	});

	it('copies arriving while the first one is being started wait for it, then are duplicates', async () => {
		const slow = await new TriggerRig({
			parameters: baseParameters(),
			credentials: credentials('http://127.0.0.1:1'),
		}).listen();
		slow.beforeStart = async () => await new Promise((r) => setTimeout(r, 300));
		try {
			const body = fresh();
			const responses = await Promise.all(
				Array.from(
					{ length: 5 },
					async (_, i) =>
						await slow.post(body, {
							'X-Service-Signature': sign(body),
							'X-Service-Delivery': `dlv_${i}`,
						}),
				),
			);
			expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
			expect(slow.starts).toHaveLength(1);
			expect(responses.filter((r) => (r.body as { duplicate?: boolean }).duplicate)).toHaveLength(
				4,
			);
		} finally {
			await slow.close();
		}
	});

	it('remembers accepted events across a restart (static data only, no process memory)', async () => {
		const options = {
			parameters: baseParameters(),
			credentials: credentials('http://127.0.0.1:1'),
			workflowId: 'restarted-workflow',
			webhookId: '00000000-0000-4000-8000-0000000000aa',
		};
		const before = await new TriggerRig(options).listen();
		const body = fresh();
		const eventId = (JSON.parse(body) as { id: string }).id;
		try {
			expect(await before.post(body, { 'X-Service-Signature': sign(body) })).toMatchObject({
				status: 200,
				body: { received: true, event_id: eventId },
			});
			expect(before.starts).toHaveLength(1);
			// saved, in n8n's order: after the execution was created, before the answer
			expect(before.nodeStaticData.seenEvents).toEqual(seenWithChange(eventId));
		} finally {
			await before.close();
		}
		forgetProcessMemory();
		const restarted = await new TriggerRig({
			...options,
			staticData: JSON.parse(JSON.stringify(before.saved)),
		}).listen();
		try {
			const again = await restarted.post(body, { 'X-Service-Signature': sign(body) });
			expect(again).toMatchObject({ status: 200, body: { duplicate: true } });
			expect(restarted.starts).toHaveLength(0);
			const other = fresh();
			expect((await restarted.post(other, { 'X-Service-Signature': sign(other) })).status).toBe(
				200,
			);
			expect(restarted.starts).toHaveLength(1);
		} finally {
			await restarted.close();
		}
	});

	it('keeps the id list bounded', async () => {
		const bounded = await new TriggerRig({
			parameters: baseParameters(),
			credentials: credentials('http://127.0.0.1:1'),
		}).listen();
		try {
			for (let i = 0; i < 30; i++) {
				const body = fresh();
				await bounded.post(body, { 'X-Service-Signature': sign(body) });
			}
			const seen = bounded.nodeStaticData.seenEvents as Array<[string, number]>;
			// each event's id and the change it reports (for the catch-up, catchUp.ts)
			expect(seen).toHaveLength(31);
			expect(seen.filter(([key]) => key.startsWith('evt_'))).toHaveLength(30);
			expect(JSON.stringify(bounded.saved).length).toBeLessThan(4000);
		} finally {
			await bounded.close();
		}
	});
});

describe('the answer follows the execution (at-least-once)', () => {
	let failing: TriggerRig;
	beforeEach(async () => {
		failing = await new TriggerRig({
			parameters: baseParameters(),
			credentials: credentials('http://127.0.0.1:1'),
		}).listen();
	});
	afterEach(async () => await failing.close());

	it('200 only once the execution exists, and only then is the event id saved', async () => {
		let savedAtStart: unknown = 'not started';
		failing.beforeStart = async () => {
			savedAtStart = failing.nodeStaticData.seenEvents;
		};
		const body = fresh();
		const eventId = (JSON.parse(body) as { id: string }).id;
		const response = await failing.post(body, { 'X-Service-Signature': sign(body) });
		expect(response).toMatchObject({ status: 200, body: { received: true, event_id: eventId } });
		expect(savedAtStart).toBeUndefined();
		expect(failing.starts).toHaveLength(1);
		expect(failing.nodeStaticData.seenEvents).toEqual(seenWithChange(eventId));
	});

	it('n8n cannot create the execution: 503 with Retry-After, the id stays unseen, the retry runs', async () => {
		failing.failStarts = 1;
		const body = fresh();
		const first = await failing.post(body, { 'X-Service-Signature': sign(body) });
		expect(first.status).toBe(503);
		expect(failing.lastHeaders?.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
		expect(failing.failedStarts).toBe(1);
		expect(failing.starts).toHaveLength(0);
		expect(failing.nodeStaticData.seenEvents).toBeUndefined();

		const retry = await failing.post(body, {
			'X-Service-Signature': sign(body),
			'X-Service-Delivery': 'dlv_retry',
		});
		expect(retry).toMatchObject({ status: 200, body: { received: true } });
		expect(retry.body).not.toHaveProperty('duplicate');
		expect(failing.lastHeaders?.get('retry-after')).toBeNull();
		expect(failing.starts).toHaveLength(1);
		// and now it is a duplicate
		const again = await failing.post(body, { 'X-Service-Signature': sign(body) });
		expect(again).toMatchObject({ status: 200, body: { duplicate: true } });
		expect(failing.starts).toHaveLength(1);
	});

	it('a copy waiting for a start that fails starts the event itself', async () => {
		failing.failStarts = 1;
		failing.beforeStart = async (attempt) => {
			if (attempt === 1) await new Promise((r) => setTimeout(r, 300));
		};
		const body = fresh();
		const first = failing.post(body, { 'X-Service-Signature': sign(body) });
		await new Promise((r) => setTimeout(r, 100));
		const copy = failing.post(body, {
			'X-Service-Signature': sign(body),
			'X-Service-Delivery': 'dlv_copy',
		});
		const [a, b] = await Promise.all([first, copy]);
		expect(a.status).toBe(503);
		expect(b).toMatchObject({ status: 200, body: { received: true } });
		expect(b.body).not.toHaveProperty('duplicate');
		expect(failing.starts).toHaveLength(1);
	});

	it('the sender hung up before the execution existed (slow n8n): the start still counts, the retry is a duplicate', async () => {
		let startDone!: () => void;
		const started = new Promise<void>((r) => (startDone = r));
		failing.beforeStart = async () => await new Promise((r) => setTimeout(r, 600));
		failing.afterWebhook = () => startDone();
		const body = fresh();
		const target = `${failing.url().replace(/\/webhook\/.*$/, '')}${new URL(failing.url()).pathname}`;
		await expect(
			fetch(target, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'X-Service-Signature': sign(body) },
				body,
				signal: AbortSignal.timeout(150),
			}),
		).rejects.toThrow();
		await started;
		expect(failing.starts).toHaveLength(1);
		const eventId = (JSON.parse(body) as { id: string }).id;
		expect(failing.nodeStaticData.seenEvents).toEqual(seenWithChange(eventId));
		const retry = await failing.post(body, { 'X-Service-Signature': sign(body) });
		expect(retry).toMatchObject({ status: 200, body: { duplicate: true } });
		expect(failing.starts).toHaveLength(1);
	});

	it('a copy waits up to 4 s for the start of its event, within the 5 s the service waits', () => {
		expect(productionTiming.copyWaitMs).toBe(4000);
	});

	it('a copy is told to come back (503) when the first start takes longer than a copy waits', async () => {
		receiveTiming.copyWaitMs = 500; // 4 s in production (above)
		failing.beforeStart = async (attempt) => {
			if (attempt === 1) await new Promise((r) => setTimeout(r, receiveTiming.copyWaitMs + 800));
		};
		const body = fresh();
		const first = failing.post(body, { 'X-Service-Signature': sign(body) });
		await new Promise((r) => setTimeout(r, 100));
		const copy = await failing.post(body, { 'X-Service-Signature': sign(body) });
		expect(copy.status).toBe(503);
		expect(copy.body).toMatchObject({ received: false });
		expect((await first).status).toBe(200);
		expect(failing.starts).toHaveLength(1);
		const later = await failing.post(body, { 'X-Service-Signature': sign(body) });
		expect(later).toMatchObject({ status: 200, body: { duplicate: true } });
		expect(failing.starts).toHaveLength(1);
	});
});

describe('genuine deliveries start the workflow exactly once', () => {
	const cases: Array<[string, (body: string) => Record<string, string>]> = [
		['current signature', (b) => ({ 'X-Service-Signature': sign(b) })],
		[
			'old signature only valid (the credential still holds the previous secret)',
			(b) => ({ 'X-Service-Signature': sign(b, OTHER_SECRET), 'X-Service-Signature-Old': sign(b) }),
		],
		[
			'both valid (current with the credential secret, old with the previous one)',
			(b) => ({ 'X-Service-Signature': sign(b), 'X-Service-Signature-Old': sign(b, OTHER_SECRET) }),
		],
		[
			'timestamp 299 s old',
			(b) => ({ 'X-Service-Signature': sign(b, SECRET, nowSeconds() - 299) }),
		],
		[
			'timestamp 299 s ahead',
			(b) => ({ 'X-Service-Signature': sign(b, SECRET, nowSeconds() + 299) }),
		],
		[
			'several v1, one valid',
			(b) => {
				const t = nowSeconds();
				return {
					'X-Service-Signature': `t=${t},v1=${'1'.repeat(64)},v1=${hmacHex(SECRET, `${t}.${b}`)}`,
				};
			},
		],
		[
			'an unknown extra scheme next to a valid v1',
			(b) => {
				const t = nowSeconds();
				return { 'X-Service-Signature': `t=${t},v1=${hmacHex(SECRET, `${t}.${b}`)},v2=abc` };
			},
		],
		[
			'upper-case hex of the right digest',
			(b) => {
				const t = nowSeconds();
				return { 'X-Service-Signature': `t=${t},v1=${hmacHex(SECRET, `${t}.${b}`).toUpperCase()}` };
			},
		],
	];

	it.each(cases)('%s', async (_name, headers) => {
		const body = fresh();
		const before = rig.starts.length;
		const first = await rig.post(body, { ...headers(body), 'X-Service-Delivery': 'dlv_good' });
		expect(first.status).toBe(200);
		expect(rig.starts.length).toBe(before + 1);
		expect(rig.starts.at(-1)?.items[0].json.id).toBe(JSON.parse(body).id);
		// the same delivery again: acknowledged, not started
		const second = await rig.post(body, headers(body));
		expect(second.status).toBe(200);
		expect(rig.starts.length).toBe(before + 1);
	});

	it('a non-ASCII body is verified over its exact bytes', async () => {
		const body = JSON.stringify(
			envelope({ data: { signing_request: { id: 'sr-ü', name: 'Vertrag – Müller 契約' } } }),
		);
		const before = rig.starts.length;
		expect(
			(await rig.post(Buffer.from(body, 'utf8'), { 'X-Service-Signature': sign(body) })).status,
		).toBe(200);
		expect(rig.starts.length).toBe(before + 1);
		expect(rig.starts.at(-1)?.items[0].json.data).toMatchObject({
			signing_request: { name: 'Vertrag – Müller 契約' },
		});
	});
});

describe('secret configuration at delivery time', () => {
	it('refuses everything (401) when the credential lost its secret after activation', async () => {
		const noSecret = await new TriggerRig({
			parameters: baseParameters(),
			credentials: credentials('http://127.0.0.1:1', { webhookSigningSecret: '' }),
		}).listen();
		try {
			const body = fresh();
			const response = await noSecret.post(body, { 'X-Service-Signature': sign(body) });
			expect(response).toMatchObject({ status: 401, body: { code: 'missing_secret' } });
			expect(noSecret.starts).toHaveLength(0);
		} finally {
			await noSecret.close();
		}
	});

	it('with "Verify Signatures" off, unsigned deliveries start it (still deduplicated)', async () => {
		const open = await new TriggerRig({
			parameters: baseParameters({ verifySignatures: false }),
			credentials: credentials('http://127.0.0.1:1', { webhookSigningSecret: '' }),
		}).listen();
		try {
			const body = fresh();
			expect((await open.post(body, {})).status).toBe(200);
			expect((await open.post(body, {})).body).toMatchObject({ duplicate: true });
			expect(open.starts).toHaveLength(1);
		} finally {
			await open.close();
		}
	});

	it('a custom tolerance is honoured', async () => {
		const strict = await new TriggerRig({
			parameters: baseParameters({ options: { timestampTolerance: 10 } }),
			credentials: credentials('http://127.0.0.1:1'),
		}).listen();
		try {
			const body = fresh();
			expect(
				(await strict.post(body, { 'X-Service-Signature': sign(body, SECRET, nowSeconds() - 30) }))
					.status,
			).toBe(401);
			expect(
				(await strict.post(body, { 'X-Service-Signature': sign(body, SECRET, nowSeconds() - 5) }))
					.status,
			).toBe(200);
			expect(strict.starts).toHaveLength(1);
		} finally {
			await strict.close();
		}
	});
});
