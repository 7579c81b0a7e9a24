/**
 * Embedded-editor JWTs (api-reference §3.7, §J): one RSA key pair per sandbox (made on first use),
 * real RS256 tokens, and the records behind them (revocation).
 */
import {
	createPublicKey,
	generateKeyPairSync,
	randomUUID,
	sign,
	verify,
	type KeyObject,
} from 'node:crypto';

import type { SandboxState } from '../state';

export const TEMPLATE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** service-api.md: both token kinds expire 24 hours after issue (the API reference's 7 days is overruled). */
export const SIGNING_REQUEST_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export type JwtKind = 'template' | 'signing_request';

export interface JwtRecord {
	id: string;
	kind: JwtKind;
	/** The template or signing request the token opens. */
	subjectId: string;
	workspaceId: string;
	token: string;
	createdAt: number;
	expiresAt: number;
	revokedAt: number | null;
}

export interface JwtArea {
	readonly publicKey: KeyObject;
	readonly records: Map<string, JwtRecord>;
	issue(kind: JwtKind, subjectId: string, workspaceId: string): JwtRecord;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function createArea(state: SandboxState): JwtArea {
	const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
	const kid = randomUUID();
	const records = new Map<string, JwtRecord>();
	return {
		publicKey: createPublicKey(publicKey.export({ type: 'spki', format: 'pem' })),
		records,
		issue(kind, subjectId, workspaceId) {
			const id = randomUUID();
			// Whole seconds, so expires_at and the token's exp claim agree exactly.
			const createdAt = Math.floor(state.now() / 1000) * 1000;
			const expiresAt =
				createdAt + (kind === 'template' ? TEMPLATE_TOKEN_TTL_MS : SIGNING_REQUEST_TOKEN_TTL_MS);
			const header = { alg: 'RS256', typ: 'JWT', kid };
			const payload: Record<string, unknown> = {
				iss: 'document-signing-sandbox',
				sub: subjectId,
				jti: id,
				scope: kind === 'template' ? 'template_editor' : 'signing_request_editor',
				company_id: state.company.id,
				workspace_id: workspaceId,
				iat: Math.floor(createdAt / 1000),
				exp: Math.floor(expiresAt / 1000),
			};
			payload[kind === 'template' ? 'template_id' : 'signing_request_id'] = subjectId;
			const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
			const signature = sign('sha256', Buffer.from(signingInput), privateKey);
			const record: JwtRecord = {
				id,
				kind,
				subjectId,
				workspaceId,
				token: `${signingInput}.${base64url(signature)}`,
				createdAt,
				expiresAt,
				revokedAt: null,
			};
			records.set(id, record);
			return record;
		},
	};
}

const areas = new WeakMap<SandboxState, JwtArea>();

/** The JWT area of a sandbox (created, with its key pair, on first use). */
export function jwtAreaOf(state: SandboxState): JwtArea {
	let area = areas.get(state);
	if (!area) {
		area = createArea(state);
		areas.set(state, area);
	}
	return area;
}

/** Verifies an RS256 token against a public key and returns its payload, or undefined. */
export function verifyJwt(
	token: string,
	publicKey: KeyObject,
): Record<string, unknown> | undefined {
	const [header, payload, signature] = token.split('.');
	if (!header || !payload || !signature) return undefined;
	const ok = verify(
		'sha256',
		Buffer.from(`${header}.${payload}`),
		publicKey,
		Buffer.from(signature, 'base64url'),
	);
	if (!ok) return undefined;
	return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
