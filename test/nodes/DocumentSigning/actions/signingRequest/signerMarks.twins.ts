/**
 * Get Signature, Get Initials and Get Stamp read one mark of a signer
 * (`GET /signing-requests/{id}/signers/{signer_id}/signature|initials|stamps/{field_id}`) the same
 * way: the image becomes a PNG binary named after the signer (the recipients give the name), with
 * `include_frame` sent, and a mark not made yet is a 404 in clear words. Each operation's spec calls
 * these tests inside its own suite with its row (`MARKS.<kind>`), next to the tests of its own.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { TestContext } from '../../../../kit';
import { readBinary } from '../../../../helpers/n8n';
import { isPng } from '../../../../sandbox/signing/png';
import type { RichRequest } from './fixtures';
import { byId, createRich, markFromApi, requestLines, run, send } from './fixtures';

export interface MarkRow {
	operation: 'retrieveSignerSignature' | 'retrieveSignerInitials' | 'retrieveSignerStamp';
	kind: 'signature' | 'initials' | 'stamp';
	/** The operation's parameters for Ada's mark in `request`. */
	parameters: (request: RichRequest) => INodeParameters;
	/** The path of Ada's mark in `request`. */
	path: (request: RichRequest) => string;
}

const signer = (request: RichRequest) =>
	`/signing-requests/${request.id}/signers/${request.ada.id}`;

export const MARKS = {
	signature: {
		operation: 'retrieveSignerSignature',
		kind: 'signature',
		parameters: (request) => ({ signingRequestId: byId(request.id), signerId: request.ada.id }),
		path: (request) => `${signer(request)}/signature`,
	},
	initials: {
		operation: 'retrieveSignerInitials',
		kind: 'initials',
		parameters: (request) => ({ signingRequestId: byId(request.id), signerId: request.ada.id }),
		path: (request) => `${signer(request)}/initials`,
	},
	stamp: {
		operation: 'retrieveSignerStamp',
		kind: 'stamp',
		parameters: (request) => ({
			signingRequestId: byId(request.id),
			signerId: request.ada.id,
			fieldId: request.fields.stamp,
		}),
		path: (request) => `${signer(request)}/stamps/${request.fields.stamp}`,
	},
} satisfies Record<string, MarkRow>;

/**
 * Ada's mark in `request()` (one she has made) comes out as a PNG, in both binary modes: one item,
 * the framed image the API hands out, named `<signer name>-<kind>.png`.
 */
export function itOutputsTheMark(
	ctx: TestContext,
	mark: MarkRow,
	name: string,
	request: () => RichRequest,
): void {
	it.each(['default', 'filesystem'] as const)(name, async (binaryMode) => {
		const r = request();
		const { output, error } = await run(ctx, mark.operation, mark.parameters(r), {
			binaryMode,
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: mark.path(r),
			query: { include_frame: 'true' },
			body: undefined,
		});
		// The answer has no name: the recipients give it, for the file name.
		expect(requestLines(ctx.sandbox)).toEqual([
			`GET ${mark.path(r)}`,
			`GET /signing-requests/${r.id}/users`,
		]);
		const item = output[0][0];
		expect(output[0]).toHaveLength(1);
		const png = await readBinary(item);
		expect(isPng(png)).toBe(true);
		expect(item.json).toEqual({
			signer_id: r.ada.id,
			kind: mark.kind,
			format: 'png',
			framed: true,
			image_size: png.length,
			key_mode: 'live',
		});
		expect(item.json).not.toHaveProperty('image');
		expect(item.binary?.data).toMatchObject({
			mimeType: 'image/png',
			fileName: `Ada Lovelace-${mark.kind}.png`,
			fileExtension: 'png',
		});
		if (binaryMode === 'filesystem') expect(item.binary?.data.id).toMatch(/^filesystem-v2:/);
		expect(png.equals(await markFromApi(ctx.sandbox, r, r.ada.id, mark.kind, true))).toBe(true);
	});
}

/** On a request that is sent but not signed yet, Ada's mark is a 404 SIGNATURE_NOT_AVAILABLE. */
export function itHasNoMarkBeforeSigning(
	ctx: TestContext,
	mark: MarkRow,
	name: string,
	message: string,
): void {
	it(name, async () => {
		const sent = await createRich(ctx.sandbox, `Not yet: ${mark.kind}`);
		await send(ctx.sandbox, sent);
		ctx.sandbox.clearRequests();
		const { error, output } = await run(ctx, mark.operation, mark.parameters(sent));
		expect(output).toEqual([]);
		expect(error?.message).toBe(message);
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(requestLines(ctx.sandbox)).toEqual([`GET ${mark.path(sent)}`]);
	});
}
