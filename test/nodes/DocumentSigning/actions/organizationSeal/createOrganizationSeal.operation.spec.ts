import { binaryItem } from '../../../../helpers/n8n';
import { useSandbox } from '../../../../kit';
import { simplePdf } from '../../../../sandbox/signing/pdf';
import {
	PROTECTED_WS,
	SALES,
	byId,
	only,
	onlyRequest,
	png,
	pngDataUri,
	run,
	seals,
} from './fixtures';

const ctx = useSandbox();
beforeEach(() => {
	seals(ctx.sandbox).edge = {};
});

const base = {
	name: 'Main seal',
	displayName: 'Acme Signing Co.',
	kind: 'uploaded',
	scope: 'workspace',
	workspaceId: byId(PROTECTED_WS),
	imageBinaryPropertyName: 'data',
	statementLanguage: 'de',
	signatoryName: 'Ada Owner',
	statementText: 'I attest this seal for Acme.',
	statementAccepted: true,
};

describe('Organization Seal → Create (POST /seals)', () => {
	it('sends the PNG from the binary property as a data URI, with the statement and extra fields', async () => {
		const image = png('create');
		const { output, error } = await run(
			ctx.sandbox,
			'createOrganizationSeal',
			{
				...base,
				additionalFields: {
					is_default: true,
					signatory_title: 'CEO',
					statement_signatory_title: 'Chief Executive',
					statement_version: '2',
				},
			},
			{ input: [await binaryItem(image, 'seal.png', 'image/png')] },
		);
		expect(error).toBeUndefined();
		const request = onlyRequest(ctx.sandbox);
		expect(request).toMatchObject({ method: 'POST', path: '/seals', query: {} });
		expect(request.body).toEqual({
			name: 'Main seal',
			display_name: 'Acme Signing Co.',
			kind: 'uploaded',
			scope: 'workspace',
			workspace_id: PROTECTED_WS,
			signatory_title: 'CEO',
			image: pngDataUri(image),
			statement: {
				language: 'de',
				signatory_name: 'Ada Owner',
				text: 'I attest this seal for Acme.',
				accepted: true,
				signatory_title: 'Chief Executive',
				version: '2',
			},
			is_default: true,
		});
		const seal = only(output);
		expect(seal).toMatchObject({
			name: 'Main seal',
			version: 1,
			kind: 'uploaded',
			is_default: 1,
			statement_language: 'de',
			companies_workspaces_id: PROTECTED_WS,
			key_mode: 'test',
		});
		expect(seal.warnings).toBeUndefined();
		expect(
			ctx.sandbox.state.events.emitted.some(
				(e) =>
					e.type === 'organization_seal.created' && (e.data.seal as { id: string }).id === seal.id,
			),
		).toBe(true);
	});

	it('refuses a binary that is not a PNG (by its bytes), naming the property, before sending', async () => {
		const { error } = await run(
			ctx.sandbox,
			'createOrganizationSeal',
			{ ...base, imageBinaryPropertyName: 'seal' },
			{
				// named .png and typed image/png, but really a PDF
				input: [await binaryItem(simplePdf('x', 1), 'fake.png', 'image/png', { property: 'seal' })],
			},
		);
		expect(error?.message).toBe('The file in binary property "seal" is not a PNG image');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('refuses a missing binary property, listing the ones the item has', async () => {
		const { error } = await run(
			ctx.sandbox,
			'createOrganizationSeal',
			{ ...base, imageBinaryPropertyName: 'image' },
			{
				input: [await binaryItem(png(), 'seal.png', 'image/png')],
			},
		);
		expect(error?.message).toBe(
			'No binary property "image" on item 0 (set in "Image Binary Field")',
		);
		expect((error as { description?: string }).description).toContain('data');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('refuses to send when the statement is not accepted', async () => {
		const { error } = await run(
			ctx.sandbox,
			'createOrganizationSeal',
			{ ...base, statementAccepted: false },
			{
				input: [await binaryItem(png(), 'seal.png', 'image/png')],
			},
		);
		expect(error?.message).toBe('"Signatory Accepts the Statement" must be on');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('refuses a name over 120 characters before sending', async () => {
		const { error } = await run(
			ctx.sandbox,
			'createOrganizationSeal',
			{ ...base, name: 'n'.repeat(121) },
			{
				input: [await binaryItem(png(), 'seal.png', 'image/png')],
			},
		);
		expect(error?.message).toBe('"Name" is 121 characters long; at most 120 are allowed');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('creates a typed seal without any image, and a company-scope seal without workspace_id', async () => {
		const { output, error } = await run(ctx.sandbox, 'createOrganizationSeal', {
			...base,
			kind: 'typed',
			scope: 'company',
			typedText: 'ACME',
			typedStyle: 'script',
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox).body).toMatchObject({
			kind: 'typed',
			scope: 'company',
			typed: { text: 'ACME', style: 'script' },
		});
		const body = onlyRequest(ctx.sandbox).body as Record<string, unknown>;
		expect(body.image).toBeUndefined();
		expect(body.workspace_id).toBeUndefined();
		expect(only(output)).toMatchObject({ kind: 'typed', companies_workspaces_id: null });
	});

	it('explains that company scope needs the protected key', async () => {
		const { error } = await run(
			ctx.sandbox,
			'createOrganizationSeal',
			{ ...base, kind: 'typed', scope: 'company', typedText: 'ACME', typedStyle: 'script' },
			{ key: 'workspace' },
		);
		expect(error?.message).toContain(
			'Company-scope seals need the protected (company-level) API key',
		);
		expect(onlyRequest(ctx.sandbox).status).toBe(403);
	});

	it('creates a workspace seal with an ordinary workspace key', async () => {
		const { output, error } = await run(
			ctx.sandbox,
			'createOrganizationSeal',
			{ ...base, workspaceId: byId(SALES.id) },
			{
				key: 'workspace',
				input: [await binaryItem(png(), 'seal.png', 'image/png', { mode: 'filesystem' })],
			},
		);
		expect(error).toBeUndefined();
		expect(only(output).companies_workspaces_id).toBe(SALES.id);
	});

	it('keeps the X-Service-Deprecation note of the edge gateway as a warning and a hint', async () => {
		seals(ctx.sandbox).edge = { deprecation: 'Use https://api.primary.example for seal creation' };
		const { output, error, hints } = await run(ctx.sandbox, 'createOrganizationSeal', base, {
			input: [await binaryItem(png(), 'seal.png', 'image/png')],
		});
		expect(error).toBeUndefined();
		expect(only(output).warnings).toEqual([
			'The service says this operation belongs on the primary API host (X-Service-Deprecation): Use https://api.primary.example for seal creation',
		]);
		expect(hints.map((h) => h.message).join(' ')).toContain(
			'Use https://api.primary.example for seal creation',
		);
	});
});
