import { readBinary } from '../../../../helpers/n8n';
import { useSandbox } from '../../../../kit';
import {
	NO_SUCH_ID,
	byId,
	createSeal,
	ok,
	only,
	onlyRequest,
	png,
	pngDataUri,
	run,
} from './fixtures';

const ctx = useSandbox();

describe('Organization Seal → Get Image (GET /seals/{id}/image)', () => {
	it('outputs the image as a PNG binary, and the read is logged', async () => {
		const image = png('the image');
		const seal = await createSeal(ctx.sandbox, { image: pngDataUri(image) });
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx.sandbox, 'getOrganizationSealImage', {
			sealId: byId(seal.id),
			outputBinaryPropertyName: 'seal',
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: `/seals/${seal.id}/image`,
			query: {},
		});
		expect(only(output)).toEqual({
			kind: 'uploaded',
			content_type: 'image/png',
			seal_id: seal.id,
			image_size: image.length,
			key_mode: 'test',
		});
		const binary = output[0][0].binary?.seal;
		expect(binary).toMatchObject({ mimeType: 'image/png', fileName: `seal-${seal.id}.png` });
		expect((await readBinary(output[0][0], 'seal')).equals(image)).toBe(true);
		const log = await ok<{ entries: Array<{ action: string }> }>(
			ctx.sandbox,
			'GET',
			`/seals/${seal.id}/access-log`,
		);
		expect(log.entries[0].action).toBe('image_read');
	});

	it('a typed seal has a rendered PNG image', async () => {
		const seal = await createSeal(ctx.sandbox, {
			kind: 'typed',
			image: undefined,
			typed: { text: 'ACME', style: 'script' },
		});
		ctx.sandbox.clearRequests();
		const { output } = await run(ctx.sandbox, 'getOrganizationSealImage', {
			sealId: byId(seal.id),
		});
		const bytes = await readBinary(output[0][0], 'data');
		expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
		expect(output[0][0].json.kind).toBe('typed');
	});

	it('says clearly when the seal does not exist', async () => {
		const { error } = await run(ctx.sandbox, 'getOrganizationSealImage', {
			sealId: byId(NO_SUCH_ID),
		});
		expect(error?.message).toContain('Organization seal not found');
	});
});
