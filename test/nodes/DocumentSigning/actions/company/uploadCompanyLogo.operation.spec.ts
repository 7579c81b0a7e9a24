import { binaryItem } from '../../../../helpers/n8n';
import { jsonOf, logoJpeg, logoPng, multipartFile, run, sent, useSandbox } from './companyKit';

const ctx = useSandbox();

const upload = async (
	input: Awaited<ReturnType<typeof binaryItem>>,
	parameters: Record<string, unknown> = {},
) =>
	await run(
		ctx,
		'company',
		'uploadCompanyLogo',
		{ binaryPropertyName: 'data', ...parameters },
		{ input: [input] },
	);

describe('Company → Upload Logo (POST /company/logo)', () => {
	it.each(['default', 'filesystem'] as const)(
		'uploads a PNG as multipart "file" (%s binary mode)',
		async (mode) => {
			const png = logoPng();
			const { output, error } = await upload(
				await binaryItem(png, 'brand.png', 'image/png', { mode }),
			);
			expect(error).toBeUndefined();
			expect(sent(ctx)).toHaveLength(1);
			const request = sent(ctx)[0];
			expect(request).toMatchObject({
				method: 'POST',
				path: '/company/logo',
				query: {},
				status: 200,
			});
			const file = multipartFile(request);
			expect(file.headers).toBe(
				'Content-Disposition: form-data; name="file"; filename="brand.png"\r\nContent-Type: image/png',
			);
			expect(file.bytes).toBe(png.length);
			const json = jsonOf(output)[0];
			expect(json).toMatchObject({
				success: true,
				icon_url: expect.stringMatching(/^https:\/\/.+\.png$/),
				key_mode: 'live',
			});
			expect(ctx.sandbox.state.company.icon_url).toBe(json.icon_url);
		},
	);

	it('sends a JPEG as image/jpeg, whatever the item says its type is', async () => {
		const { error } = await upload(
			await binaryItem(logoJpeg(), 'brand.jpg', 'application/octet-stream'),
		);
		expect(error).toBeUndefined();
		expect(multipartFile(sent(ctx)[0]).headers).toContain('Content-Type: image/jpeg');
		expect(ctx.sandbox.state.company.icon_url).toMatch(/\.jpg$/);
	});

	describe('refuses bad files before sending, naming the property', () => {
		it('not a PNG or JPEG', async () => {
			const { error } = await upload(
				await binaryItem(Buffer.from('GIF89a....'), 'brand.gif', 'image/gif'),
			);
			expect(error?.message).toBe('The file in binary property "data" is not a PNG or JPEG image');
			expect(sent(ctx)).toHaveLength(0);
		});
		it('larger than 2 MB', async () => {
			const big = Buffer.concat([logoPng(), Buffer.alloc(2 * 1024 * 1024)]);
			const { error } = await upload(await binaryItem(big, 'big.png', 'image/png'));
			expect(error?.message).toMatch(
				/^The file in binary property "data" is 2\.0 MB; the service accepts logos up to 2 MB$/,
			);
			expect(sent(ctx)).toHaveLength(0);
		});
		it('a missing binary property', async () => {
			const { error } = await upload(await binaryItem(logoPng(), 'a.png', 'image/png'), {
				binaryPropertyName: 'logo',
			});
			expect(error?.message).toBe(
				'No binary property "logo" on item 0 (set in "Input Binary Field")',
			);
			expect(sent(ctx)).toHaveLength(0);
		});
	});
});
