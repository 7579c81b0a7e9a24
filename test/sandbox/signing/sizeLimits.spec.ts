import { startSandbox, type Sandbox } from '../index';
import { MAX_CREATE_PAYLOAD_BYTES, MAX_DOCUMENT_BASE64, pdfOfSize } from './pdf';
import { P, api } from '../fixtures';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox();
});
afterAll(() => sb.close());

/** A document-based create body of exactly `size` bytes of JSON (the description fills the gap). */
function bodyOfSize(size: number): Record<string, unknown> {
	const pdfBytes = Math.floor((size - 4_000) / 4) * 3;
	const body: Record<string, unknown> = {
		name: 'Sized',
		document: pdfOfSize(pdfBytes).toString('base64'),
		recipients: [
			{
				id: 'temp_ada',
				first_name: 'Ada',
				email: 'ada@example.com',
				designation: 'Signer',
				order: 1,
			},
		],
		description: '',
	};
	const gap = size - Buffer.byteLength(JSON.stringify(body));
	if (gap < 0 || gap > 5_000) throw new Error(`bodyOfSize: gap ${gap}`);
	body.description = 'x'.repeat(gap);
	expect(Buffer.byteLength(JSON.stringify(body))).toBe(size);
	return body;
}

describe('document size limits', () => {
	it('the limits: a base64 document of at most 20,000,000 characters, a create payload under 6,000,000 bytes', () => {
		expect(MAX_DOCUMENT_BASE64).toBe(20_000_000);
		expect(MAX_CREATE_PAYLOAD_BYTES).toBe(6_000_000);
	});

	it('POST /templates takes a base64 document of exactly 20 MB (a 15,000,000-byte PDF), not 4 characters more', async () => {
		const at = await api(sb, 'POST', '/templates', {
			body: { name: 'At the limit', document: pdfOfSize(15_000_000).toString('base64') },
		});
		expect(at.status).toBe(201);
		const over = await api(sb, 'POST', '/templates', {
			body: { name: 'Over the limit', document: pdfOfSize(15_000_001).toString('base64') },
		});
		expect(over.status).toBe(400);
		expect(over.body.details).toEqual({
			document: 'document must be at most 20 MB as base64 (got 20000004 characters)',
		});
	});

	for (const path of ['/signing-requests', '/signing-requests/create-and-send']) {
		it(`POST ${path} takes a payload of 5,999,999 bytes, not 6,000,000`, async () => {
			const under = await api(sb, 'POST', path, {
				key: P.testKey,
				body: bodyOfSize(MAX_CREATE_PAYLOAD_BYTES - 1),
			});
			// the body is shown when this fails
			expect([under.status, under.status === 201 ? null : under.body]).toEqual([201, null]);
			const over = await api(sb, 'POST', path, {
				key: P.testKey,
				body: bodyOfSize(MAX_CREATE_PAYLOAD_BYTES),
			});
			expect(over.status).toBe(400);
			expect(over.body.details).toEqual({
				document:
					'the request payload must stay under 6 MB (about 4.5 MB of PDF); this one is 6000000 bytes',
			});
		});
	}
});
