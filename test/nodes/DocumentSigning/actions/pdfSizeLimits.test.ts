/**
 * Every operation that uploads a PDF checks its own endpoint's size limit before sending, naming
 * the limit and the file's size; just under the limit the request goes out and the sandbox (which
 * applies the same limits) accepts it.
 * - templates (Create, Update, Update One Part, Replace Document): the base64 `document` at most
 *   20 MB (20,000,000 characters) = a PDF of at most 15,000,000 bytes;
 * - signing requests from a PDF (Create, Create and Send): the JSON request under 6 MB
 *   (6,000,000 bytes), about 4.5 MB of PDF.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { description as createAndSend } from '../../../../nodes/DocumentSigning/actions/signingRequest/createAndSendSigningRequest.operation';
import { description as createSigningRequest } from '../../../../nodes/DocumentSigning/actions/signingRequest/createSigningRequest.operation';
import { description as createTemplate } from '../../../../nodes/DocumentSigning/actions/template/createTemplate.operation';
import { description as patchTemplate } from '../../../../nodes/DocumentSigning/actions/template/patchTemplate.operation';
import { description as replaceTemplateDocument } from '../../../../nodes/DocumentSigning/actions/template/replaceTemplateDocument.operation';
import { description as updateTemplate } from '../../../../nodes/DocumentSigning/actions/template/updateTemplate.operation';
import { binaryItem } from '../../../helpers/n8n';
import { withoutReadBacks } from '../../../kit';
import { pdfOfSize } from '../../../sandbox/signing/pdf';
import { SEED, byId, createTemplateFixture, run, useSandbox } from './template/fixtures';

const ctx = useSandbox();

const TEMPLATE_MAX_PDF = 15_000_000;
const PAYLOAD_LIMIT = 6_000_000;

const input = async (size: number, fileName = 'a.pdf'): Promise<INodeExecutionData[]> => [
	await binaryItem(pdfOfSize(size), fileName, 'application/pdf'),
];

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

type Runner = (items: INodeExecutionData[]) => ReturnType<typeof run>;

/** The template operations and how to run each with a PDF. */
const templateOperations: Array<[string, (templateId: string) => Runner]> = [
	[
		'Template → Create',
		() => async (items) =>
			await run(
				ctx,
				'template',
				'createTemplate',
				{ name: 'Big', binaryPropertyName: 'data' },
				{
					input: items,
				},
			),
	],
	[
		'Template → Replace Document',
		(id) => async (items) =>
			await run(
				ctx,
				'template',
				'replaceTemplateDocument',
				{
					templateId: byId(id),
					binaryPropertyName: 'data',
				},
				{ input: items },
			),
	],
	[
		'Template → Update',
		(id) => async (items) =>
			await run(
				ctx,
				'template',
				'updateTemplate',
				{
					templateId: byId(id),
					sections: ['properties'],
					replaceDocument: true,
					binaryPropertyName: 'data',
				},
				{ input: items },
			),
	],
	[
		'Template → Update One Part',
		(id) => async (items) =>
			await run(
				ctx,
				'template',
				'patchTemplate',
				{
					templateId: byId(id),
					update: 'properties',
					replaceDocument: true,
					binaryPropertyName: 'data',
				},
				{ input: items },
			),
	],
];

describe('PDF size limits of the template operations: base64 document at most 20 MB', () => {
	for (const [operation, runner] of templateOperations) {
		it(`${operation}: a PDF of 15,000,000 bytes is sent and accepted; one byte more is refused before sending`, async () => {
			const template = await createTemplateFixture(ctx.sandbox, { pages: 1, users: false });
			const go = runner(template.id);

			const under = await go(await input(TEMPLATE_MAX_PDF));
			expect(under.error).toBeUndefined();
			expect(ctx.sandbox.requests).toHaveLength(1);
			const sent = ctx.sandbox.requests[0];
			expect(sent.status).toBeLessThan(300);
			expect(sent.rawBody).toContain(`"document":"`);
			expect(sent.rawBody.length).toBeGreaterThanOrEqual(base64Length(TEMPLATE_MAX_PDF));
			expect(base64Length(TEMPLATE_MAX_PDF)).toBe(20_000_000);

			ctx.sandbox.clearRequests();
			const over = await go(await input(TEMPLATE_MAX_PDF + 1));
			expect(over.error?.message).toBe(
				`The PDF in binary property "data" is 15.00 MB (15,000,001 bytes); ${operation} accepts a PDF of at most 15 MB (the service takes at most 20 MB of base64, which is 4/3 of the PDF's size)`,
			);
			expect((over.error as { description?: string }).description).toContain(
				'Its base64 form, which is what the service receives, is 20.00 MB (20,000,004 bytes)',
			);
			expect(ctx.sandbox.requests).toHaveLength(0);
		});
	}
});

const signer = {
	ref: 'temp_1',
	first_name: 'Ada',
	last_name: 'Lovelace',
	email: 'ada@example.com',
	designation: 'Signer',
	order: 1,
};

const signingRequestOperations: Array<[string, string, Record<string, unknown>]> = [
	['Create', 'createSigningRequest', {}],
	[
		'Create and Send',
		'createAndSendSigningRequest',
		{ name: 'Big', recipientsMode: 'fields', recipients: { recipient: [signer] } },
	],
];

describe('PDF size limits of signing requests from a PDF: request payload under 6 MB', () => {
	for (const [operation, value, parameters] of signingRequestOperations) {
		const go = async (items: INodeExecutionData[]) =>
			await run(
				ctx,
				'signingRequest',
				value,
				{ source: 'pdf', binaryPropertyName: 'data', ...parameters },
				{
					input: items,
					credentials: {
						documentSigningApi: {
							baseUrl: ctx.sandbox.url,
							keyToUse: 'test',
							liveApiKey: 'unused',
							testApiKey: SEED.protectedWorkspace.testKey,
							apiVersion: 1,
						},
					},
				},
			);

		it(`${operation}: a request just under 6,000,000 bytes is sent and accepted; one PDF byte more is refused before sending`, async () => {
			// What the request holds besides the PDF's base64 text, measured with a small PDF.
			const small = await go(await input(3_000));
			expect(small.error).toBeUndefined();
			const overhead = ctx.sandbox.requests[0].rawBody.length - base64Length(3_000);
			ctx.sandbox.clearRequests();

			const largest = Math.floor((PAYLOAD_LIMIT - 1 - overhead) / 4) * 3;
			const under = await go(await input(largest));
			expect(under.error).toBeUndefined();
			// The write (the credential's workspace is read back after it, domain/readBack.ts).
			expect(withoutReadBacks(ctx.sandbox)).toHaveLength(1);
			expect(ctx.sandbox.requests[0].status).toBe(201);
			const size = Buffer.byteLength(ctx.sandbox.requests[0].rawBody);
			expect(size).toBeLessThan(PAYLOAD_LIMIT);
			expect(size).toBeGreaterThan(PAYLOAD_LIMIT - 5);

			ctx.sandbox.clearRequests();
			const over = await go(await input(largest + 1));
			expect(over.error?.message).toMatch(
				new RegExp(
					`^The request would be 6\\.00 MB \\(6,000,00\\d bytes\\) with the PDF of 4\\.50 MB \\(${(largest + 1).toLocaleString('en-US')} bytes\\); ${operation} accepts a request of under 6 MB, which leaves room for a PDF of about 4\\.5 MB$`,
				),
			);
			expect(ctx.sandbox.requests).toHaveLength(0);
		});

		it(`${operation}: a 10 MB PDF is refused before sending, naming its size and the limit`, async () => {
			const { error } = await go(await input(10_000_000));
			expect(error?.message).toBe(
				`The PDF in binary property "data" is 10.00 MB (10,000,000 bytes); ${operation} accepts a request of under 6 MB, which leaves room for a PDF of about 4.5 MB`,
			);
			expect(ctx.sandbox.requests).toHaveLength(0);
		});
	}
});

describe('the Input Binary Field of each PDF-taking operation states its own limit', () => {
	const hint = (properties: typeof createTemplate) =>
		properties.find((p) => p.name === 'binaryPropertyName')?.hint;
	it('templates: at most 15 MB; signing requests: about 4.5 MB', () => {
		for (const properties of [
			createTemplate,
			replaceTemplateDocument,
			updateTemplate,
			patchTemplate,
		])
			expect(hint(properties)).toBe(
				'The name of the input binary field containing the PDF (at most 15 MB)',
			);
		for (const properties of [createSigningRequest, createAndSend])
			expect(hint(properties)).toBe(
				'The name of the input binary field containing the PDF (at most about 4.5 MB)',
			);
	});
});
