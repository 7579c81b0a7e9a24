import { useSandbox } from '../../../../kit';
import type { Draft } from './fixtures';
import { byId, createSent, NO_SUCH_ID, only, onlyRequest, run } from './fixtures';

const ctx = useSandbox();
let sent: Draft;
beforeAll(async () => {
	sent = await createSent(ctx.sandbox, 'Nudge');
});

const first = () => sent.recipients.find((r) => r.order === 1)?.id as string;
const second = () => sent.recipients.find((r) => r.order === 2)?.id as string;

describe('Signing Request → Resend (POST /signing-requests/{id}/resend)', () => {
	it('sends the chosen recipients and the custom message', async () => {
		const { output, error } = await run(ctx, 'resendSigningRequest', {
			signingRequestId: byId(sent.id),
			recipientIds: [first()],
			customMessage: 'Friendly reminder',
		});
		expect(error).toBeUndefined();
		const request = onlyRequest(ctx.sandbox);
		expect(request).toMatchObject({ method: 'POST', path: `/signing-requests/${sent.id}/resend` });
		expect(request.body).toEqual({ recipient_ids: [first()], custom_message: 'Friendly reminder' });
		expect(only(output)).toMatchObject({
			signing_request_id: sent.id,
			recipients_notified: 1,
			key_mode: 'live',
		});
	});

	it('takes IDs from an expression (comma-separated text), without duplicates', async () => {
		await run(
			ctx,
			'resendSigningRequest',
			{ signingRequestId: byId(sent.id), recipientIds: '={{ $json.ids }}' },
			{ input: [{ json: { ids: `${first()}, ${first()}` } }] },
		);
		expect(onlyRequest(ctx.sandbox).body).toEqual({ recipient_ids: [first()] });
	});

	it('a recipient whose turn has not come is refused with a readable 409', async () => {
		const { error } = await run(ctx, 'resendSigningRequest', {
			signingRequestId: byId(sent.id),
			recipientIds: [second()],
		});
		expect(onlyRequest(ctx.sandbox).status).toBe(409);
		expect(error?.message).toMatch(/^Not possible in the current state/);
	});

	it('checks the input before sending anything', async () => {
		const cases: Array<[Record<string, unknown>, string]> = [
			[
				{ recipientIds: '={{ [] }}' },
				'"Recipient Names or IDs" is empty: its expression resolved to an empty list (item 0)',
			],
			[
				{ recipientIds: '={{ "ada@example.com" }}' },
				'"Recipients" is not a valid ID: "ada@example.com"',
			],
			[
				{ recipientIds: [NO_SUCH_ID], customMessage: 'x'.repeat(1001) },
				'"Custom Message" is 1001 characters long; at most 1000 are allowed',
			],
		];
		for (const [parameters, message] of cases) {
			const { error } = await run(ctx, 'resendSigningRequest', {
				signingRequestId: byId(sent.id),
				...parameters,
			});
			expect(error?.message).toBe(message);
		}
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
