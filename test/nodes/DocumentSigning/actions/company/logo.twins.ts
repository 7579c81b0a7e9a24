/**
 * The company's logo and a workspace's are uploaded and deleted the same way (`/company/logo`
 * and `/workspaces/{id}/logo`): a PNG or JPEG of at most 2 MB from a binary property, sent as the
 * multipart part "file" with its real type, and DELETE with no body. Each operation's spec calls
 * these tests inside its own suite with its row (`LOGOS.company`, `LOGOS.workspace`); a workspace's
 * ID check stays in its spec.
 */
import type { Sandbox } from '../../../../sandbox';
import { binaryItem } from '../../../../helpers/n8n';
import type { TestContext } from './fixtures';
import { SALES, byId, jsonOf, logoJpeg, logoPng, multipartFile, run, sent } from './fixtures';

export interface LogoRow {
	resource: 'company' | 'workspace';
	upload: 'uploadCompanyLogo' | 'uploadWorkspaceLogo';
	delete: 'deleteCompanyLogo' | 'deleteWorkspaceLogo';
	/** The parameters that name the owner. */
	params: Record<string, unknown>;
	path: string;
	/** The binary property the upload tests use. */
	property: string;
	/** What the output adds for this owner: on upload, on delete. */
	uploaded: Record<string, unknown>;
	deleted: Record<string, unknown>;
	/** The owner's logo URL in the sandbox, and setting it. */
	iconUrl: (sandbox: Sandbox) => string | null | undefined;
	setIconUrl: (sandbox: Sandbox, url: string) => void;
}

export const LOGOS = {
	company: {
		resource: 'company',
		upload: 'uploadCompanyLogo',
		delete: 'deleteCompanyLogo',
		params: {},
		path: '/company/logo',
		property: 'data',
		uploaded: {},
		deleted: {},
		iconUrl: (sandbox) => sandbox.state.company.icon_url,
		setIconUrl: (sandbox, url) => {
			sandbox.state.company.icon_url = url;
		},
	},
	workspace: {
		resource: 'workspace',
		upload: 'uploadWorkspaceLogo',
		delete: 'deleteWorkspaceLogo',
		params: { workspaceId: byId(SALES.id) },
		path: `/workspaces/${SALES.id}/logo`,
		property: 'logo',
		uploaded: { workspace_id: SALES.id },
		deleted: { id: SALES.id },
		iconUrl: (sandbox) => sandbox.state.getWorkspace(SALES.id)?.icon_url,
		setIconUrl: (sandbox, url) => {
			const workspace = sandbox.state.getWorkspace(SALES.id);
			if (workspace) workspace.icon_url = url;
		},
	},
} satisfies Record<string, LogoRow>;

/** Upload: the multipart part, the output and the stored URL; bad files refused before sending. */
export function itUploadsTheLogo(ctx: TestContext, row: LogoRow): void {
	const upload = async (
		input: Awaited<ReturnType<typeof binaryItem>>,
		parameters: Record<string, unknown> = {},
	) =>
		await run(
			ctx,
			row.resource,
			row.upload,
			{ ...row.params, binaryPropertyName: row.property, ...parameters },
			{ input: [input] },
		);
	const item = (buffer: Buffer, fileName: string, mimeType: string, mode?: 'filesystem') =>
		binaryItem(buffer, fileName, mimeType, { property: row.property, mode });

	it.each(['default', 'filesystem'] as const)(
		'uploads a PNG as multipart "file" (%s binary mode)',
		async (mode) => {
			const png = logoPng();
			const { output, error } = await upload(
				await binaryItem(png, 'brand.png', 'image/png', { property: row.property, mode }),
			);
			expect(error).toBeUndefined();
			expect(sent(ctx)).toHaveLength(1);
			const request = sent(ctx)[0];
			expect(request).toMatchObject({ method: 'POST', path: row.path, query: {}, status: 200 });
			const file = multipartFile(request);
			expect(file.headers).toBe(
				'Content-Disposition: form-data; name="file"; filename="brand.png"\r\nContent-Type: image/png',
			);
			expect(file.bytes).toBe(png.length);
			const json = jsonOf(output)[0];
			expect(json).toMatchObject({
				success: true,
				icon_url: expect.stringMatching(/^https:\/\/.+\.png$/),
				...row.uploaded,
				key_mode: 'live',
			});
			expect(row.iconUrl(ctx.sandbox)).toBe(json.icon_url);
		},
	);

	it('sends a JPEG as image/jpeg, whatever the item says its type is', async () => {
		const { error } = await upload(await item(logoJpeg(), 'brand.jpg', 'application/octet-stream'));
		expect(error).toBeUndefined();
		expect(multipartFile(sent(ctx)[0]).headers).toContain('Content-Type: image/jpeg');
		expect(row.iconUrl(ctx.sandbox)).toMatch(/\.jpg$/);
	});

	describe('refuses bad files before sending, naming the property', () => {
		it('not a PNG or JPEG', async () => {
			const { error } = await upload(
				await item(Buffer.from('GIF89a....'), 'brand.gif', 'image/gif'),
			);
			expect(error?.message).toBe(
				`The file in binary property "${row.property}" is not a PNG or JPEG image`,
			);
			expect(sent(ctx)).toHaveLength(0);
		});
		it('larger than 2 MB', async () => {
			const big = Buffer.concat([logoPng(), Buffer.alloc(2 * 1024 * 1024)]);
			const { error } = await upload(await item(big, 'big.png', 'image/png'));
			expect(error?.message).toBe(
				`The file in binary property "${row.property}" is 2.0 MB; the service accepts logos up to 2 MB`,
			);
			expect(sent(ctx)).toHaveLength(0);
		});
		it('a missing binary property', async () => {
			const { error } = await upload(await item(logoPng(), 'a.png', 'image/png'), {
				binaryPropertyName: 'other',
			});
			expect(error?.message).toBe(
				'No binary property "other" on item 0 (set in "Input Binary Field")',
			);
			expect(sent(ctx)).toHaveLength(0);
		});
	});
}

/** Delete: one DELETE without a body, the output, and no logo left. */
export function itDeletesTheLogo(ctx: TestContext, row: LogoRow, name: string): void {
	it(name, async () => {
		row.setIconUrl(ctx.sandbox, 'https://cdn.sandbox.example/logos/x.png');
		const { output, error } = await run(ctx, row.resource, row.delete, row.params);
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'DELETE',
			path: row.path,
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toBeUndefined();
		expect(jsonOf(output)).toEqual([
			{ deleted: true, ...row.deleted, success: true, key_mode: 'live' },
		]);
		expect(row.iconUrl(ctx.sandbox)).toBeNull();
	});
}
