import { binaryItem } from '../../../../helpers/n8n';
import {
	SALES,
	byId,
	byList,
	jsonOf,
	logoPng,
	multipartFile,
	run,
	sent,
	useSandbox,
} from '../company/companyKit';

const ctx = useSandbox();

describe('Workspace → Upload Logo (POST /workspaces/{id}/logo)', () => {
	it('uploads the PNG as multipart "file" and outputs the logo URL', async () => {
		const png = logoPng();
		const { output, error } = await run(
			ctx,
			'workspace',
			'uploadWorkspaceLogo',
			{ workspaceId: byId(SALES.id), binaryPropertyName: 'logo' },
			{ input: [await binaryItem(png, 'sales.png', 'image/png', { property: 'logo' })] },
		);
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'POST',
			path: `/workspaces/${SALES.id}/logo`,
			query: {},
			status: 200,
		});
		const file = multipartFile(sent(ctx)[0]);
		expect(file.headers).toBe(
			'Content-Disposition: form-data; name="file"; filename="sales.png"\r\nContent-Type: image/png',
		);
		expect(file.bytes).toBe(png.length);
		const json = jsonOf(output)[0];
		expect(json).toMatchObject({
			success: true,
			icon_url: expect.any(String),
			workspace_id: SALES.id,
			key_mode: 'live',
		});
		expect(ctx.sandbox.state.getWorkspace(SALES.id)?.icon_url).toBe(json.icon_url);
	});

	it('refuses a non-image or a malformed ID before sending', async () => {
		const text = await binaryItem(Buffer.from('hello'), 'notes.txt', 'text/plain');
		const notImage = await run(
			ctx,
			'workspace',
			'uploadWorkspaceLogo',
			{ workspaceId: byId(SALES.id), binaryPropertyName: 'data' },
			{ input: [text] },
		);
		expect(notImage.error?.message).toBe(
			'The file in binary property "data" is not a PNG or JPEG image',
		);
		const badId = await run(
			ctx,
			'workspace',
			'uploadWorkspaceLogo',
			{ workspaceId: byList('x'), binaryPropertyName: 'data' },
			{ input: [text] },
		);
		expect(badId.error?.message).toBe('"Workspace" is not a valid ID: "x"');
		expect(sent(ctx)).toHaveLength(0);
	});
});
