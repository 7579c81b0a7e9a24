import type { RichRequest } from './fixtures';
import { adaSigns, byId, createRich, requestLines, run, send, useSandbox } from './fixtures';
import { REQUEST_LISTS, itChecksTheRequestList } from './requestLists.twins';

const ctx = useSandbox();
let request: RichRequest;
beforeAll(async () => {
	request = await createRich(ctx.sandbox, 'Fields agreement');
});

describe('Signing Request → Get Fields (GET /signing-requests/{id}/fields)', () => {
	it('outputs one item per field, with position, recipient and (still empty) value', async () => {
		const { output, error } = await run(ctx, 'listSigningRequestFields', {
			signingRequestId: byId(request.id),
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: `/signing-requests/${request.id}/fields`,
			query: {},
			body: undefined,
		});
		expect(output[0]).toHaveLength(6);
		const byIdMap = new Map(output[0].map((item) => [item.json.id, item.json]));
		expect(byIdMap.get(request.fields.stamp)).toMatchObject({
			type: 'stamp',
			recipient_id: request.ada.id,
			page_number: 2,
			position: { x: 60, y: 70, width: 20, height: 12 },
			required: true,
			value: null,
			key_mode: 'live',
		});
		expect(byIdMap.get(request.fields.bobSignature)).toMatchObject({
			type: 'signature',
			recipient_id: request.bob.id,
		});
		expect(byIdMap.get(request.fields.text)).toMatchObject({ variable_name: 'po_number' });
	});

	it('shows the values signers filled in (text and the uploaded file name)', async () => {
		const signed = await createRich(ctx.sandbox, 'Signed fields');
		await send(ctx.sandbox, signed);
		adaSigns(ctx.sandbox, signed);
		ctx.sandbox.clearRequests();

		const { output } = await run(ctx, 'listSigningRequestFields', {
			signingRequestId: byId(signed.id),
		});
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${signed.id}/fields`]);
		const values = Object.fromEntries(output[0].map((item) => [item.json.id, item.json.value]));
		expect(values[signed.fields.text]).toBe('PO-4711');
		expect(values[signed.fields.file]).toBe('insurance.pdf');
		expect(values[signed.fields.bobSignature]).toBeNull();
	});

	itChecksTheRequestList(ctx, REQUEST_LISTS.fields, () => request);
});
