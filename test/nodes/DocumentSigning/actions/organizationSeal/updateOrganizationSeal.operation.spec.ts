import { binaryItem } from '../../../../helpers/n8n';
import { useSandbox } from '../../../../kit';
import { byId, createSeal, ok, only, onlyRequest, png, pngDataUri, run, seals } from './fixtures';

const ctx = useSandbox();

const STATEMENT = 'I attest this seal for Acme.';

describe('Organization Seal → Update (PATCH /seals/{id})', () => {
	it('renames and makes default without a new version', async () => {
		const other = await createSeal(ctx.sandbox, { name: 'Old default', is_default: true });
		const seal = await createSeal(ctx.sandbox, { name: 'Before' });
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx.sandbox, 'updateOrganizationSeal', {
			sealId: byId(seal.id),
			updateFields: {
				name: 'After',
				display_name: 'Acme Ltd',
				is_default: true,
				signatory_title: 'CFO',
			},
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'PATCH',
			path: `/seals/${seal.id}`,
			body: { name: 'After', display_name: 'Acme Ltd', is_default: true, signatory_title: 'CFO' },
		});
		expect(only(output)).toMatchObject({
			id: seal.id,
			version: 1,
			name: 'After',
			display_name: 'Acme Ltd',
			is_default: 1,
			key_mode: 'test',
		});
		const previous = await ok<{ is_default: number }>(ctx.sandbox, 'GET', `/seals/${other.id}`);
		expect(previous.is_default).toBe(0);
		const updated = ctx.sandbox.state.events.emitted.filter(
			(e) =>
				e.type === 'organization_seal.updated' && (e.data.seal as { id: string }).id === seal.id,
		);
		expect(updated.at(-1)?.data.changes).toEqual(['name', 'display_name', 'is_default']);
	});

	it('replacing the image sends a PNG data URI and returns a new version of the same lineage', async () => {
		const seal = await createSeal(ctx.sandbox);
		ctx.sandbox.clearRequests();
		const image = png('new image');
		const { output, error } = await run(
			ctx.sandbox,
			'updateOrganizationSeal',
			{ sealId: byId(seal.id), updateFields: { imageBinaryPropertyName: 'newSeal' } },
			{ input: [await binaryItem(image, 'new.png', 'image/png', { property: 'newSeal' })] },
		);
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox).body).toEqual({ image: pngDataUri(image) });
		const next = only(output);
		expect(next).toMatchObject({ lineage_id: seal.lineage_id, version: 2 });
		expect(next.id).not.toBe(seal.id);
	});

	it('refuses a non-PNG image before sending', async () => {
		const seal = await createSeal(ctx.sandbox);
		ctx.sandbox.clearRequests();
		const { error } = await run(
			ctx.sandbox,
			'updateOrganizationSeal',
			{ sealId: byId(seal.id), updateFields: { imageBinaryPropertyName: 'data' } },
			{
				input: [await binaryItem(Buffer.from('GIF89a not a png at all'), 'seal.png', 'image/png')],
			},
		);
		expect(error?.message).toBe('The file in binary property "data" is not a PNG image');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('sends a statement change with accepted: true, and refuses it when not accepted', async () => {
		const seal = await createSeal(ctx.sandbox);
		ctx.sandbox.clearRequests();
		const refused = await run(ctx.sandbox, 'updateOrganizationSeal', {
			sealId: byId(seal.id),
			updateFields: { statement_text: STATEMENT, statement_signatory_name: 'Bob' },
		});
		expect(refused.error?.message).toBe('"Signatory Accepts the Statement" must be on');
		expect(ctx.sandbox.requests).toHaveLength(0);

		const { output, error } = await run(ctx.sandbox, 'updateOrganizationSeal', {
			sealId: byId(seal.id),
			updateFields: {
				statement_text: STATEMENT,
				statement_signatory_name: 'Bob',
				statement_language: 'fr',
				statement_accepted: true,
			},
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox).body).toEqual({
			statement: { text: STATEMENT, accepted: true, language: 'fr', signatory_name: 'Bob' },
		});
		expect(only(output)).toMatchObject({ signatory_name: 'Bob', statement_language: 'fr' });
	});

	it('refuses an empty update before sending', async () => {
		const { error } = await run(ctx.sandbox, 'updateOrganizationSeal', {
			sealId: byId((await createSeal(ctx.sandbox)).id),
			updateFields: {},
		});
		expect(error?.message).toBe('Nothing to update: add at least one field under "Update Fields"');
		expect(ctx.sandbox.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
	});

	it('explains that an old version cannot be changed', async () => {
		const seal = await createSeal(ctx.sandbox);
		await ok(ctx.sandbox, 'PATCH', `/seals/${seal.id}`, { image: pngDataUri(png('v2')) });
		ctx.sandbox.clearRequests();
		const { error } = await run(ctx.sandbox, 'updateOrganizationSeal', {
			sealId: byId(seal.id),
			updateFields: { name: 'x' },
		});
		expect(error?.message).toContain('This seal version cannot be changed');
		expect(error?.message).toContain('SEAL_MUTATION_NOT_ALLOWED');
	});

	it('keeps the X-Service-Deprecation note as a warning', async () => {
		const seal = await createSeal(ctx.sandbox);
		seals(ctx.sandbox).edge = { deprecation: 'moved' };
		try {
			const { output } = await run(ctx.sandbox, 'updateOrganizationSeal', {
				sealId: byId(seal.id),
				updateFields: { name: 'Edge' },
			});
			expect(only(output).warnings).toEqual([
				expect.stringContaining('X-Service-Deprecation): moved'),
			]);
		} finally {
			seals(ctx.sandbox).edge = {};
		}
	});
});
