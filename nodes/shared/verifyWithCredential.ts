import type { IWebhookFunctions } from 'n8n-workflow';

import { getServiceCredentials } from './transport';
import { verifyDelivery, type VerifyResult } from './signature';

/**
 * Signature verification with the credential's Webhook Signing Secret, reading the credential at
 * most once every SECRET_REUSE_MS per node (the webhook trigger; Send and Wait's router and its
 * waiting executions) in this process.
 *
 * Why: n8n reads a credential inside a webhook call (there is no execution yet) from the
 * database, decrypts it, and builds a fresh expression isolate only to resolve the credential's
 * fields (credentials-helper `applyDefaultsAndOverwrites` without execution data). With n8n's
 * default settings a burst cost n8n about half as much CPU again per delivery without this reuse
 * (docs/DESIGN.md has the figures).
 *
 * What stays true: a delivery that the remembered secret does not verify is checked again with a
 * fresh read of the credential, so a new secret (or a credential switched to another one) works
 * at once, and a delivery is never accepted on a secret the credential did not hold within the
 * last SECRET_REUSE_MS. A secret removed from the credential is refused by this process at the
 * latest SECRET_REUSE_MS after its last read. The secret stays in this process's memory only (n8n
 * holds the decrypted credential in memory during every read anyway); it is never output.
 */

/** How long a secret read from the credential is used without reading the credential again. */
export const SECRET_REUSE_MS = 10_000;
/** How many nodes (workflow, node, mode, credential) one process remembers a secret for. */
const MAX_REMEMBERED = 1000;

interface Remembered {
	secret: string | undefined;
	readAtMs: number;
}

const remembered = new Map<string, Remembered>();

function keyOf(context: IWebhookFunctions): string {
	const node = context.getNode();
	const credentialId = node.credentials?.documentSigningApi?.id ?? '';
	return `${context.getWorkflow().id ?? ''}|${node.id}|${context.getMode()}|${credentialId}`;
}

/** Verifies a delivery's signature (see signature.ts) with the credential's secret. */
export async function verifyWithCredential(
	context: IWebhookFunctions,
	headers: Record<string, unknown>,
	rawBody: Buffer,
	tolerance: unknown,
): Promise<VerifyResult> {
	const key = keyOf(context);
	const known = remembered.get(key);
	if (known && Date.now() - known.readAtMs < SECRET_REUSE_MS) {
		const result = verifyDelivery(headers, rawBody, known.secret, tolerance);
		if (result.valid) return result;
	}
	const readAtMs = Date.now();
	const credentials = await getServiceCredentials.call(context);
	const secret = credentials.webhookSigningSecret;
	remembered.delete(key);
	remembered.set(key, { secret, readAtMs });
	while (remembered.size > MAX_REMEMBERED) {
		remembered.delete(remembered.keys().next().value as string);
	}
	return verifyDelivery(headers, rawBody, secret, tolerance);
}

/** Forgets every remembered secret, as an n8n restart does (tests). */
export function forgetSecrets(): void {
	remembered.clear();
}
