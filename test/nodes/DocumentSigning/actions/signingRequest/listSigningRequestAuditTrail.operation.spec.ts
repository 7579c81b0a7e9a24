import type { RichRequest } from './fixtures';
import { byId, createHalfSigned, run, useSandbox } from './fixtures';
import { REQUEST_LISTS, itChecksTheRequestList } from './requestLists.twins';

const ctx = useSandbox();
let request: RichRequest;
beforeAll(async () => {
	request = await createHalfSigned(ctx.sandbox, 'Audited agreement');
});

describe('Signing Request → Get Audit Trail (GET /signing-requests/{id}/audit)', () => {
	it('outputs one item per event, oldest first, admin and signer actions together', async () => {
		const { output, error } = await run(ctx, 'listSigningRequestAuditTrail', {
			signingRequestId: byId(request.id),
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: `/signing-requests/${request.id}/audit`,
			query: {},
			body: undefined,
		});
		const events = output[0].map((item) => item.json);
		const names = events.map((e) => e.event);
		// created → sent → Ada viewed → Ada signed, in that order.
		const at = (name: string) => names.indexOf(name);
		expect(at('created')).toBeGreaterThanOrEqual(0);
		expect(at('created')).toBeLessThan(at('sent'));
		expect(at('sent')).toBeLessThan(at('viewed'));
		expect(at('viewed')).toBeLessThan(at('signed'));
		const times = events.map((e) => Date.parse(String(e.timestamp)));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(events.find((e) => e.event === 'signed')).toMatchObject({
			source: 'signer',
			key_mode: 'live',
		});
		expect(events.find((e) => e.event === 'sent')).toMatchObject({ source: 'admin' });
		for (const item of output[0]) expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('Limit keeps the oldest events; Return All keeps every one', async () => {
		const all = await run(ctx, 'listSigningRequestAuditTrail', {
			signingRequestId: byId(request.id),
			returnAll: true,
		});
		expect(all.output[0].length).toBeGreaterThan(2);
		const limited = await run(ctx, 'listSigningRequestAuditTrail', {
			signingRequestId: byId(request.id),
			returnAll: false,
			limit: 2,
		});
		expect(limited.error).toBeUndefined();
		expect(limited.output[0].map((item) => item.json)).toEqual(
			all.output[0].slice(0, 2).map((item) => item.json),
		);
		// One request each: the service answers the whole trail at once.
		expect(ctx.sandbox.requests.map((r) => r.query)).toEqual([{}, {}]);
	});

	it('puts events in chronological order even when the answer is not', async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 200,
			path: `/signing-requests/${request.id}/audit`,
			body: {
				results: [
					{
						id: 'c',
						timestamp: '2026-03-01T10:00:02Z',
						source: 'signer',
						event: 'signed',
						description: 'Signed',
					},
					{
						id: 'a',
						timestamp: '2026-03-01T10:00:00Z',
						source: 'admin',
						event: 'created',
						description: 'Created',
					},
					{
						id: 'b',
						timestamp: '2026-03-01T10:00:01Z',
						source: 'admin',
						event: 'sent',
						description: 'Sent',
					},
					{
						id: 'b2',
						timestamp: '2026-03-01T10:00:01Z',
						source: 'signer',
						event: 'viewed',
						description: 'Viewed',
					},
				],
			},
		});
		const { output } = await run(ctx, 'listSigningRequestAuditTrail', {
			signingRequestId: byId(request.id),
		});
		expect(output[0].map((item) => item.json.id)).toEqual(['a', 'b', 'b2', 'c']);
	});

	itChecksTheRequestList(ctx, REQUEST_LISTS.audit, () => request);
});
