import type { INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../../../../kit';
import { only, onlyRequest, run } from './fixtures';

const ctx = useSandbox();

describe('Signing Request → Create (Legacy) (POST /documents)', () => {
	it('sends name and recipients {name, email} and outputs the signing request', async () => {
		const { output, error, hints } = await run(ctx, 'createDocumentLegacy', {
			name: 'Old style',
			legacyRecipients: {
				recipient: [
					{ name: 'Ada Lovelace', email: ' ada@example.com ' },
					{ name: 'Bob', email: 'bob@example.com' },
				],
			},
		});
		expect(error).toBeUndefined();
		const request = onlyRequest(ctx.sandbox);
		expect(request).toMatchObject({ method: 'POST', path: '/documents' });
		expect(request.body).toEqual({
			name: 'Old style',
			recipients: [
				{ name: 'Ada Lovelace', email: 'ada@example.com' },
				{ name: 'Bob', email: 'bob@example.com' },
			],
		});
		expect(only(output)).toMatchObject({ name: 'Old style', status: 'draft', key_mode: 'live' });
		// The service flags the endpoint as deprecated; the user hears about it.
		expect(hints.map((h) => h.message).join(' ')).toContain('POST /documents is deprecated');
	});

	it('checks the input before sending anything', async () => {
		const cases: Array<[INodeParameters, string]> = [
			[{ name: 'x', legacyRecipients: {} }, 'Add at least one recipient'],
			[
				{ name: 'x', legacyRecipients: { recipient: [{ name: 'Ada', email: 'nope' }] } },
				'Recipient 1: "nope" is not an email address',
			],
			[
				{ name: 'x', legacyRecipients: { recipient: [{ name: '={{ "  " }}', email: 'a@b.co' }] } },
				'Recipient 1: "Name" is empty: its expression resolved to text of only spaces (item 0)',
			],
			[
				{
					name: '={{ "x".repeat(256) }}',
					legacyRecipients: { recipient: [{ name: 'A', email: 'a@b.co' }] },
				},
				'"Name" is 256 characters long; at most 255 are allowed',
			],
		];
		for (const [parameters, message] of cases) {
			const { error } = await run(ctx, 'createDocumentLegacy', parameters);
			expect(error?.message).toBe(message);
		}
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
