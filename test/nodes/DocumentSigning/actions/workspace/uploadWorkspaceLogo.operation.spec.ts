import { binaryItem } from '../../../../helpers/n8n';
import { SALES, byId, byList, run, sent, useSandbox } from '../company/fixtures';
import { LOGOS, itUploadsTheLogo } from '../company/logo.twins';

const ctx = useSandbox();

describe('Workspace → Upload Logo (POST /workspaces/{id}/logo)', () => {
	itUploadsTheLogo(ctx, LOGOS.workspace);

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
