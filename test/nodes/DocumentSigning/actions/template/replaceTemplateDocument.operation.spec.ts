import { binaryItem } from '../../../../helpers/n8n';
import {
	NOT_A_UUID,
	byId,
	byList,
	createTemplateFixture,
	run,
	sent,
	simplePdf,
	useSandbox,
} from './fixtures';
import type { TemplateFixture } from './fixtures';

const ctx = useSandbox();
let fixture: TemplateFixture;
beforeAll(async () => {
	fixture = await createTemplateFixture(ctx.sandbox, { pages: 2 });
});

const replace = (parameters: Record<string, unknown>, extra = {}) =>
	run(
		ctx,
		'template',
		'replaceTemplateDocument',
		{ templateId: byId(fixture.id), ...parameters },
		extra,
	);

describe('Template → Replace Document (POST /templates/{id}/replace-document)', () => {
	it('sends the PDF base64-encoded and outputs the template, fields kept', async () => {
		const pdf = simplePdf('NDA revised', 2);
		const input = [await binaryItem(pdf, 'nda.pdf', 'application/pdf')];
		const { output, error } = await replace({}, { input });
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: `/templates/${fixture.id}/replace-document`,
			query: {},
		});
		expect(sent(ctx)[0].body).toEqual({ document: pdf.toString('base64') });
		expect(output[0][0].json).toMatchObject({ id: fixture.id, page_count: 2, key_mode: 'live' });
		expect(output[0][0].json.fields).toHaveLength(2);
	});

	it('reads a file-backed binary from another property', async () => {
		const pdf = simplePdf('NDA on disk', 2);
		const input = [
			await binaryItem(pdf, 'nda.pdf', 'application/pdf', { mode: 'filesystem', property: 'doc' }),
		];
		const { error } = await replace(
			{ binaryPropertyName: 'doc' },
			{ input, binaryMode: 'filesystem' },
		);
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].body).toEqual({ document: pdf.toString('base64') });
	});

	it('a PDF with another page count is refused by the service, and the reason reaches the user', async () => {
		const input = [await binaryItem(simplePdf('Longer', 3), 'x.pdf', 'application/pdf')];
		const { error } = await replace({}, { input });
		expect(sent(ctx)).toHaveLength(1);
		expect(error?.message).toMatch(/^The service rejected the request/);
		expect((error as { description?: string }).description).toContain('same page count');
	});

	it('refuses a missing binary, a non-PDF and a malformed ID before sending', async () => {
		const missing = await replace({}, { input: [{ json: {} }] });
		expect(missing.error?.message).toBe(
			'No binary property "data" on item 0 (set in "Input Binary Field")',
		);
		const notPdf = await replace(
			{},
			{ input: [await binaryItem(Buffer.from('GIF89a'), 'x.gif', 'image/gif')] },
		);
		expect(notPdf.error?.message).toBe('The file in binary property "data" is not a PDF');
		const badId = await run(ctx, 'template', 'replaceTemplateDocument', {
			templateId: byList(NOT_A_UUID),
		});
		expect(badId.error?.message).toBe(`"Template" is not a valid ID: "${NOT_A_UUID}"`);
		expect(sent(ctx)).toHaveLength(0);
	});
});
