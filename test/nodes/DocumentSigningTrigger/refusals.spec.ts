/**
 * A delivery that fails verification: always 401 and nothing started. While the editor listens for
 * a test event (n8n's mode "manual", the /webhook-test/ URL) webhook() also throws the reason,
 * which n8n turns into a failed run of this node shown in the editor; a published workflow only
 * answers and logs. Deliveries go over HTTP to webhook() in n8n-core's WebhookContext.
 */
import { NodeOperationError } from 'n8n-workflow';

import { SEED } from '../../sandbox';
import {
	baseParameters,
	credentials,
	envelope,
	nowSeconds,
	OTHER_SECRET,
	SECRET,
	sign,
} from './support';
import { TriggerRig, type RigMode } from './triggerRig';

const LEGAL = SEED.workspaces[1];
/** The credential name the rig gives its node. */
const CREDENTIAL = 'credential "Document Signing (rig)"';

async function withRig<T>(
	parameters: Parameters<typeof baseParameters>[0],
	work: (rig: TriggerRig) => Promise<T>,
	credentialOverrides = {},
): Promise<T> {
	const rig = await new TriggerRig({
		parameters: baseParameters(parameters),
		credentials: credentials('http://127.0.0.1:1', credentialOverrides),
	}).listen();
	try {
		return await work(rig);
	} finally {
		await rig.close();
	}
}

const fresh = () => JSON.stringify(envelope());

async function refused(
	rig: TriggerRig,
	mode: RigMode,
	body: string,
	headers: Record<string, string>,
): Promise<{ code: unknown; error?: NodeOperationError }> {
	const before = rig.webhookErrors.length;
	const response = await rig.post(body, headers, mode);
	expect(response.status).toBe(401);
	expect(rig.starts).toHaveLength(0);
	const errors = rig.webhookErrors.slice(before);
	expect(errors.length).toBeLessThanOrEqual(1);
	return {
		code: (response.body as { code?: unknown }).code,
		error: errors[0] as NodeOperationError | undefined,
	};
}

describe('refused deliveries while listening for a test event: shown in the editor', () => {
	it('wrong secret, company scope: 401, nothing started, the reason names the credential and the company secret', async () => {
		await withRig({}, async (rig) => {
			const body = fresh();
			const { code, error } = await refused(rig, 'test', body, {
				'X-Service-Signature': sign(body, OTHER_SECRET),
			});
			expect(code).toBe('signature_mismatch');
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error!.message).toBe(
				`Document Signing Trigger refused a delivery: its signature does not match the "Webhook Signing Secret" of ${CREDENTIAL}`,
			);
			expect(error!.description).toContain(
				"signs its deliveries with the company's webhook secret",
			);
			expect(error!.description).toContain(
				`Put the right secret into "Webhook Signing Secret" of ${CREDENTIAL}`,
			);
			expect(error!.description).toContain('answered 401 and started nothing');
			// Neither secret nor the signature is shown.
			const shown = `${error!.message} ${error!.description}`;
			for (const secret of [SECRET, OTHER_SECRET, sign(body, OTHER_SECRET)])
				expect(shown).not.toContain(secret);
		});
	});

	it("wrong secret, workspace scope: the words name the workspace's own secret and the workspace", async () => {
		await withRig(
			{ scope: 'workspace', workspace: { __rl: true, mode: 'id', value: LEGAL.id } },
			async (rig) => {
				const body = fresh();
				const { error } = await refused(rig, 'test', body, {
					'X-Service-Signature': sign(body, OTHER_SECRET),
				});
				expect(error!.description).toContain(
					`This trigger has a webhook of workspace ${LEGAL.id} (Scope "One Workspace"): the service signs its deliveries with that workspace's own secret.`,
				);
				expect(error!.description).toContain('Workspace → Get (field webhook_secret)');
			},
		);
	});

	it('stale signature: says how old it is and what to check (clock, replay, tolerance)', async () => {
		await withRig({}, async (rig) => {
			const body = fresh();
			const { code, error } = await refused(rig, 'test', body, {
				'X-Service-Signature': sign(body, SECRET, nowSeconds() - 600),
			});
			expect(code).toBe('timestamp_out_of_tolerance');
			expect(error!.message).toMatch(
				/^Document Signing Trigger refused a delivery: its signature is (9|10) min old \(Clock Tolerance: 300 s\)$/,
			);
			expect(error!.description).toContain('the clock of the machine running n8n is wrong');
			expect(error!.description).toContain('a replay');
		});
	});

	it('unsigned, malformed, and no secret in the credential: each with its own reason', async () => {
		await withRig({}, async (rig) => {
			const body = fresh();
			const unsigned = await refused(rig, 'test', body, {});
			expect(unsigned.code).toBe('missing_signature');
			expect(unsigned.error!.message).toContain('it has no X-Service-Signature header');
			const malformed = await refused(rig, 'test', body, { 'X-Service-Signature': 'v1=abc' });
			expect(malformed.code).toBe('malformed_signature');
			expect(malformed.error!.message).toContain("not in the service's format");
		});
		await withRig(
			{},
			async (rig) => {
				const body = fresh();
				const { code, error } = await refused(rig, 'test', body, {
					'X-Service-Signature': sign(body),
				});
				expect(code).toBe('missing_secret');
				expect(error!.message).toBe(
					`Document Signing Trigger refused a delivery: ${CREDENTIAL} has no "Webhook Signing Secret"`,
				);
			},
			{ webhookSigningSecret: '' },
		);
	});

	it('a valid delivery while listening still starts the run (nothing thrown)', async () => {
		await withRig({}, async (rig) => {
			const body = fresh();
			const response = await rig.post(body, { 'X-Service-Signature': sign(body) }, 'test');
			expect(response.status).toBe(200);
			expect(rig.starts).toHaveLength(1);
			expect(rig.starts[0].mode).toBe('manual');
			expect(rig.webhookErrors).toEqual([]);
		});
	});
});

describe('refused deliveries of a published workflow: 401, nothing started, nothing thrown', () => {
	it.each([
		['wrong secret', (body: string) => ({ 'X-Service-Signature': sign(body, OTHER_SECRET) })],
		[
			'stale',
			(body: string) => ({ 'X-Service-Signature': sign(body, SECRET, nowSeconds() - 600) }),
		],
		['unsigned', () => ({})],
	])('%s', async (_name, headers) => {
		await withRig({}, async (rig) => {
			const body = fresh();
			const { error } = await refused(rig, 'production', body, headers(body));
			expect(error).toBeUndefined();
		});
	});
});
