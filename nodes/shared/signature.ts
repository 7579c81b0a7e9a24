import { createHmac, timingSafeEqual } from 'crypto';
import type { INodeProperties } from 'n8n-workflow';

/**
 * Verification of the service's delivery signatures (service-api.md "Events", rules 2 and 3).
 *
 *   X-Service-Signature:     t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 *   X-Service-Signature-Old: the same with the previous secret, during the 7 days after a rotation
 *
 * Pure functions: no n8n context, no clock of their own (the caller passes `nowSeconds`).
 */

export const SIGNATURE_HEADER = 'x-service-signature';
export const OLD_SIGNATURE_HEADER = 'x-service-signature-old';
export const EVENT_HEADER = 'x-service-event';
export const DELIVERY_HEADER = 'x-service-delivery';

/** Default accepted distance between the signature's timestamp and now, in either direction. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The option of a node that verifies deliveries: how far their signature time may be off. */
export function clockToleranceOption(description: string): INodeProperties {
	return {
		displayName: 'Clock Tolerance (Seconds)',
		name: 'timestampTolerance',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: DEFAULT_TOLERANCE_SECONDS,
		description,
	};
}

/** Longer headers are refused without looking further. */
const MAX_HEADER_LENGTH = 1024;
/** At most this many `key=value` parts (one t, a few v1, a few unknown schemes). */
const MAX_PARTS = 8;
const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

export type SignatureFailure =
	| 'missing_secret'
	| 'missing_signature'
	| 'malformed_signature'
	| 'timestamp_out_of_tolerance'
	| 'signature_mismatch';

export interface ParsedSignature {
	/** Unix seconds. */
	timestamp: number;
	/** The `t` value exactly as sent (it is part of the signed text). */
	timestampText: string;
	/** Every well-formed v1 value, as 32-byte digests. */
	signatures: Buffer[];
}

export type ParseResult =
	| { ok: true; value: ParsedSignature }
	| { ok: false; reason: 'missing_signature' | 'malformed_signature' };

/**
 * One header value. Missing → undefined. A header sent twice (an array, as some servers hand
 * repeated headers over) is refused as malformed rather than guessing which one counts.
 */
export function singleHeader(
	headers: Record<string, unknown> | undefined,
	name: string,
): { value?: string; repeated: boolean } {
	const wanted = name.toLowerCase();
	let found: unknown;
	let count = 0;
	for (const [key, value] of Object.entries(headers ?? {})) {
		if (key.toLowerCase() !== wanted) continue;
		found = value;
		count++;
	}
	if (count === 0 || found === undefined || found === null) return { repeated: false };
	if (count > 1) return { repeated: true };
	if (Array.isArray(found)) {
		if (found.length === 1 && typeof found[0] === 'string')
			return { value: found[0], repeated: false };
		return { repeated: found.length > 1 };
	}
	return { value: String(found), repeated: false };
}

/**
 * Strict parse of `t=<digits>,v1=<64 hex>[,v1=<64 hex>…]`.
 *
 * Refused: empty, too long, any whitespace, an empty part, a part without `=`, a key that is not
 * lower-case `[a-z0-9_]` (so `T=` / `V1=` count as malformed), `t` missing, repeated or not plain
 * digits, no v1 at all. Unknown lower-case schemes (`v0=`, `v2=`) are ignored, as only v1 is ever
 * checked. A v1 value that is not 64 hex characters can never match and is dropped; if none
 * remains, the header is malformed.
 */
export function parseSignatureHeader(value: string | undefined): ParseResult {
	if (value === undefined || value === '') return { ok: false, reason: 'missing_signature' };
	if (value.length > MAX_HEADER_LENGTH || /\s/.test(value))
		return { ok: false, reason: 'malformed_signature' };
	const parts = value.split(',');
	if (parts.length > MAX_PARTS) return { ok: false, reason: 'malformed_signature' };

	let timestampText: string | undefined;
	const signatures: Buffer[] = [];
	let v1Count = 0;
	for (const part of parts) {
		const eq = part.indexOf('=');
		if (eq <= 0) return { ok: false, reason: 'malformed_signature' };
		const key = part.slice(0, eq);
		const val = part.slice(eq + 1);
		if (!/^[a-z][a-z0-9_]*$/.test(key)) return { ok: false, reason: 'malformed_signature' };
		if (key === 't') {
			if (timestampText !== undefined || !/^\d{1,12}$/.test(val)) {
				return { ok: false, reason: 'malformed_signature' };
			}
			timestampText = val;
		} else if (key === 'v1') {
			v1Count++;
			if (HEX_SHA256.test(val)) signatures.push(Buffer.from(val, 'hex'));
		}
	}
	if (timestampText === undefined || v1Count === 0 || signatures.length === 0) {
		return { ok: false, reason: 'malformed_signature' };
	}
	return { ok: true, value: { timestamp: Number(timestampText), timestampText, signatures } };
}

/** HMAC-SHA256 of `"<timestamp>.<raw body>"` with the secret (used as UTF-8 text), as a digest. */
export function computeSignature(
	secret: string,
	timestamp: string | number,
	rawBody: Buffer | string,
): Buffer {
	return createHmac('sha256', secret)
		.update(`${timestamp}.`, 'utf8')
		.update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
		.digest();
}

/** The header value the service would send for this body (for tests and tooling). */
export function signatureHeaderFor(
	secret: string,
	timestamp: number,
	rawBody: Buffer | string,
): string {
	return `t=${timestamp},v1=${computeSignature(secret, timestamp, rawBody).toString('hex')}`;
}

/** Constant-time comparison of two digests; false for different lengths. */
export function digestsEqual(a: Buffer, b: Buffer): boolean {
	if (a.length !== b.length) return false;
	return timingSafeEqual(a, b);
}

export interface VerifyInput {
	rawBody: Buffer | string;
	secret: string | undefined;
	/** X-Service-Signature value (undefined when absent). */
	signature: string | undefined;
	/** X-Service-Signature-Old value (undefined when absent). */
	oldSignature?: string | undefined;
	/** Either header was sent more than once. */
	repeatedHeader?: boolean;
	nowSeconds: number;
	toleranceSeconds?: number;
}

export type VerifyResult =
	| { valid: true; header: 'current' | 'old'; timestamp: number }
	| {
			valid: false;
			reason: SignatureFailure;
			/** The signature's time (unix seconds), for `timestamp_out_of_tolerance`. */
			timestamp?: number;
			/** The tolerance applied (seconds), for `timestamp_out_of_tolerance`. */
			toleranceSeconds?: number;
	  };

function checkOne(
	header: string | undefined,
	secret: string,
	rawBody: Buffer | string,
	nowSeconds: number,
	tolerance: number,
): VerifyResult {
	const parsed = parseSignatureHeader(header);
	if (!parsed.ok) return { valid: false, reason: parsed.reason };
	const { timestamp, timestampText, signatures } = parsed.value;
	const expected = computeSignature(secret, timestampText, rawBody);
	// Compare against every candidate without stopping early.
	let matched = false;
	for (const candidate of signatures) matched = digestsEqual(expected, candidate) || matched;
	if (!matched) return { valid: false, reason: 'signature_mismatch' };
	if (Math.abs(nowSeconds - timestamp) > tolerance)
		return {
			valid: false,
			reason: 'timestamp_out_of_tolerance',
			timestamp,
			toleranceSeconds: tolerance,
		};
	return { valid: true, header: 'current', timestamp };
}

/**
 * Verifies a delivery: the current signature first, then the old one. Whichever secret the
 * credential holds (the new one, or the previous one during the grace period) verifies one of them.
 * A failure reports the current header's reason (or the old one's when only that was sent).
 */
export function verifySignature(input: VerifyInput): VerifyResult {
	const secret = (input.secret ?? '').trim();
	if (secret === '') return { valid: false, reason: 'missing_secret' };
	if (input.repeatedHeader) return { valid: false, reason: 'malformed_signature' };
	const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
	const current = checkOne(input.signature, secret, input.rawBody, input.nowSeconds, tolerance);
	if (current.valid) return current;
	if (input.oldSignature === undefined) return current;
	const old = checkOne(input.oldSignature, secret, input.rawBody, input.nowSeconds, tolerance);
	if (old.valid) return { ...old, header: 'old' };
	return input.signature === undefined ? old : current;
}

/**
 * Verifies a received delivery from its headers (X-Service-Signature, then -Old), with the tolerance
 * the user set (a missing, zero or invalid value means the default).
 */
export function verifyDelivery(
	headers: Record<string, unknown>,
	rawBody: Buffer,
	secret: string | undefined,
	toleranceOption: unknown,
): VerifyResult {
	const signature = singleHeader(headers, SIGNATURE_HEADER);
	const oldSignature = singleHeader(headers, OLD_SIGNATURE_HEADER);
	const tolerance = Number(toleranceOption ?? DEFAULT_TOLERANCE_SECONDS);
	return verifySignature({
		rawBody,
		secret,
		signature: signature.value,
		oldSignature: oldSignature.value,
		repeatedHeader: signature.repeated || oldSignature.repeated,
		nowSeconds: Math.floor(Date.now() / 1000),
		toleranceSeconds:
			Number.isFinite(tolerance) && tolerance > 0 ? tolerance : DEFAULT_TOLERANCE_SECONDS,
	});
}

/**
 * The request body exactly as received (n8n keeps it as `rawBody`): signatures are computed over
 * these bytes, never over re-serialised JSON. Undefined when n8n did not keep them.
 */
export function rawBodyOf(context: { getRequestObject(): unknown }): Buffer | undefined {
	const raw = (context.getRequestObject() as { rawBody?: unknown }).rawBody;
	if (Buffer.isBuffer(raw)) return raw;
	if (typeof raw === 'string') return Buffer.from(raw, 'utf8');
	return undefined;
}
