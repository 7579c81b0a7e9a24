import { normaliseEnvelope, parseBody, signingRequestIdOf } from '../../../nodes/shared/envelope';
import {
	computeSignature,
	digestsEqual,
	parseSignatureHeader,
	signatureHeaderFor,
	singleHeader,
	verifySignature,
} from '../../../nodes/shared/signature';
import { hmacHex, OTHER_SECRET, SECRET } from './support';

const NOW = 1_800_000_000;
const BODY = '{"id":"evt_1","type":"signing_request.completed","data":{}}';
const good = (t = NOW, secret = SECRET, body = BODY) =>
	`t=${t},v1=${hmacHex(secret, `${t}.${body}`)}`;

describe('signature.ts', () => {
	it('computes HMAC-SHA256 of "<t>.<raw body>" like an independent implementation', () => {
		expect(computeSignature(SECRET, NOW, BODY).toString('hex')).toBe(
			hmacHex(SECRET, `${NOW}.${BODY}`),
		);
		expect(computeSignature(SECRET, NOW, Buffer.from(BODY)).toString('hex')).toBe(
			hmacHex(SECRET, `${NOW}.${BODY}`),
		);
		expect(signatureHeaderFor(SECRET, NOW, BODY)).toBe(good());
	});

	it('parses the strict format and refuses anything else', () => {
		const mac = hmacHex(SECRET, 'x');
		expect(parseSignatureHeader(`t=${NOW},v1=${mac}`)).toMatchObject({
			ok: true,
			value: { timestamp: NOW },
		});
		expect(parseSignatureHeader(`t=${NOW},v1=${mac},v1=${'0'.repeat(64)}`)).toMatchObject({
			ok: true,
		});
		expect(parseSignatureHeader(`t=${NOW},v0=abc,v1=${mac}`)).toMatchObject({ ok: true });
		expect(parseSignatureHeader(undefined)).toEqual({ ok: false, reason: 'missing_signature' });
		expect(parseSignatureHeader('')).toEqual({ ok: false, reason: 'missing_signature' });
		for (const bad of [
			`t=${NOW}`,
			`v1=${mac}`,
			`T=${NOW},v1=${mac}`,
			`t=${NOW},V1=${mac}`,
			`t=${NOW}, v1=${mac}`,
			`t=${NOW},v1=${mac},t=${NOW}`,
			`t=-${NOW},v1=${mac}`,
			`t=${NOW}.5,v1=${mac}`,
			`t=${NOW},v1=${mac.slice(1)}`,
			`t=${NOW},v1=${'z'.repeat(64)}`,
			`t=${NOW},,v1=${mac}`,
			`t=${NOW};v1=${mac}`,
			`t=${NOW},v1=${mac}`.padEnd(2000, ',x=1'),
		]) {
			expect(parseSignatureHeader(bad)).toEqual({ ok: false, reason: 'malformed_signature' });
		}
	});

	it('verifies the current signature, then the old one, with a timestamp tolerance both ways', () => {
		const base = { rawBody: BODY, secret: SECRET, nowSeconds: NOW };
		expect(verifySignature({ ...base, signature: good() })).toEqual({
			valid: true,
			header: 'current',
			timestamp: NOW,
		});
		expect(
			verifySignature({ ...base, signature: good(NOW, OTHER_SECRET), oldSignature: good() }),
		).toEqual({
			valid: true,
			header: 'old',
			timestamp: NOW,
		});
		expect(verifySignature({ ...base, signature: good(NOW - 300) })).toMatchObject({ valid: true });
		expect(verifySignature({ ...base, signature: good(NOW + 300) })).toMatchObject({ valid: true });
		// Out of tolerance: the signature's time and the tolerance applied come along (for the words).
		expect(verifySignature({ ...base, signature: good(NOW - 301) })).toEqual({
			valid: false,
			reason: 'timestamp_out_of_tolerance',
			timestamp: NOW - 301,
			toleranceSeconds: 300,
		});
		expect(verifySignature({ ...base, signature: good(NOW + 301) })).toEqual({
			valid: false,
			reason: 'timestamp_out_of_tolerance',
			timestamp: NOW + 301,
			toleranceSeconds: 300,
		});
		expect(
			verifySignature({ ...base, signature: good(NOW - 50), toleranceSeconds: 10 }),
		).toMatchObject({ valid: false });
		expect(verifySignature({ ...base, signature: good(NOW, OTHER_SECRET) })).toEqual({
			valid: false,
			reason: 'signature_mismatch',
		});
		expect(verifySignature({ ...base, secret: '', signature: good() })).toEqual({
			valid: false,
			reason: 'missing_secret',
		});
		expect(verifySignature({ ...base, secret: `  ${SECRET}\n`, signature: good() })).toMatchObject({
			valid: true,
		});
		expect(verifySignature({ ...base, signature: good(), repeatedHeader: true })).toEqual({
			valid: false,
			reason: 'malformed_signature',
		});
		expect(
			verifySignature({ ...base, signature: undefined, oldSignature: good(NOW, OTHER_SECRET) }),
		).toEqual({
			valid: false,
			reason: 'signature_mismatch',
		});
	});

	it('compares digests in constant time only when lengths match', () => {
		expect(digestsEqual(Buffer.alloc(32, 1), Buffer.alloc(32, 1))).toBe(true);
		expect(digestsEqual(Buffer.alloc(32, 1), Buffer.alloc(31, 1))).toBe(false);
	});

	it('reads single headers, and flags repeated ones', () => {
		expect(singleHeader({ 'x-service-signature': 'a' }, 'X-Service-Signature')).toEqual({
			value: 'a',
			repeated: false,
		});
		expect(singleHeader({ 'x-service-signature': ['a'] }, 'x-service-signature')).toEqual({
			value: 'a',
			repeated: false,
		});
		expect(singleHeader({ 'x-service-signature': ['a', 'b'] }, 'x-service-signature')).toEqual({
			repeated: true,
		});
		expect(singleHeader({}, 'x-service-signature')).toEqual({ repeated: false });
	});
});

describe('envelope.ts', () => {
	it('normalises the current shape', () => {
		const result = normaliseEnvelope(
			{
				id: 'evt_1',
				type: 'signing_request.completed',
				created_at: '2026-01-01T00:00:00.000Z',
				company_id: 'c1',
				workspace_id: 'w1',
				data: { signing_request: { id: 'sr1' } },
			},
			'dlv_1',
		);
		expect(result).toEqual({
			ok: true,
			shape: 'current',
			event: {
				id: 'evt_1',
				type: 'signing_request.completed',
				created_at: '2026-01-01T00:00:00.000Z',
				company_id: 'c1',
				workspace_id: 'w1',
				data: { signing_request: { id: 'sr1' } },
				delivery_id: 'dlv_1',
			},
		});
		if (result.ok) expect(signingRequestIdOf(result.event)).toBe('sr1');
	});

	it('normalises the older shape into the same fields', () => {
		const result = normaliseEnvelope({
			event_id: 'evt_2',
			event_type: 'signing_request.recipient.declined',
			timestamp: '2026-01-02T00:00:00.000Z',
			company_id: 'c1',
			workspace_id: null,
			data: { signing_request_id: 'sr2' },
		});
		expect(result).toEqual({
			ok: true,
			shape: 'older',
			event: {
				id: 'evt_2',
				type: 'signing_request.recipient.declined',
				created_at: '2026-01-02T00:00:00.000Z',
				company_id: 'c1',
				workspace_id: null,
				data: { signing_request_id: 'sr2' },
				delivery_id: null,
			},
		});
		if (result.ok) expect(signingRequestIdOf(result.event)).toBe('sr2');
	});

	it('refuses payloads without id or type, and non-objects', () => {
		expect(normaliseEnvelope({ type: 'x.y' })).toMatchObject({ ok: false });
		expect(normaliseEnvelope({ id: 'e' })).toMatchObject({ ok: false });
		expect(normaliseEnvelope([])).toMatchObject({ ok: false });
		expect(parseBody('')).toBeUndefined();
		expect(parseBody('[1]')).toBeUndefined();
		expect(parseBody('{bad')).toBeUndefined();
		expect(parseBody(Buffer.from('{"a":1}'))).toEqual({ a: 1 });
	});
});
