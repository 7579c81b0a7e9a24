/**
 * Shared bits of the trigger tests. Signatures are computed here with node:crypto directly (not
 * with the node's own signature.ts), so the node is checked against an independent implementation.
 */
import { createHmac } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { receiveTiming } from '../../../nodes/DocumentSigningTrigger/receive';
import { SEED, WEBHOOK_SECRETS } from '../../sandbox';

export const SECRET = WEBHOOK_SECRETS.company;
export const OTHER_SECRET = 'f'.repeat(64);

/**
 * receive.ts's waits as in production, put back after each test: a test may shorten one to spare
 * the time. The production values are returned for the tests that pin them.
 */
export function productionReceiveTiming(): Readonly<typeof receiveTiming> {
	const production = { ...receiveTiming };
	afterEach(() => Object.assign(receiveTiming, production));
	return production;
}

export function nowSeconds(): number {
	return Math.floor(Date.now() / 1000);
}

export function hmacHex(secret: string, text: string): string {
	return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** `t=<t>,v1=<hmac of "<t>.<body>">`. */
export function sign(body: string, secret = SECRET, t = nowSeconds()): string {
	return `t=${t},v1=${hmacHex(secret, `${t}.${body}`)}`;
}

let counter = 0;
export function eventId(): string {
	counter += 1;
	return `evt_${nowSeconds()}_${counter.toString(16).padStart(8, '0')}_${Math.random().toString(16).slice(2, 8)}`;
}

export function envelope(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		id: eventId(),
		type: 'signing_request.completed',
		created_at: new Date().toISOString(),
		company_id: SEED.company.id,
		workspace_id: SEED.workspaces[0].id,
		data: {
			signing_request: { id: '30000000-0000-4000-8000-000000000001', name: 'NDA Acme' },
			recipients: [
				{
					id: 'r1',
					email: 'ann@example.com',
					name: 'Ann Signer',
					signed_at: new Date().toISOString(),
				},
			],
		},
		...overrides,
	};
}

export function deliveryHeaders(
	body: string,
	extra: Record<string, string> = {},
	secret = SECRET,
): Record<string, string> {
	return {
		'X-Service-Signature': sign(body, secret),
		'X-Service-Event': String((JSON.parse(body) as { type?: string }).type ?? ''),
		'X-Service-Delivery': `dlv_${Math.random().toString(16).slice(2)}`,
		...extra,
	};
}

export function baseParameters(overrides: INodeParameters = {}): INodeParameters {
	return {
		scope: 'company',
		events: ['signing_request.completed', 'signing_request.recipient.declined'],
		additionalEvents: '',
		verifySignatures: true,
		options: {},
		...overrides,
	};
}

export function credentials(
	baseUrl: string,
	overrides: IDataObject = {},
): { documentSigningApi: IDataObject } {
	return {
		documentSigningApi: {
			baseUrl,
			keyToUse: 'live',
			liveApiKey: SEED.protectedWorkspace.liveKey,
			testApiKey: SEED.protectedWorkspace.testKey,
			apiVersion: 1,
			webhookSigningSecret: SECRET,
			...overrides,
		},
	};
}
