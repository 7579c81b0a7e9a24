import { EventEmitter } from 'events';
import type { IWebhookFunctions } from 'n8n-workflow';

import {
	claimEvent,
	eventState,
	forgetProcessMemory,
} from '../../../nodes/DocumentSigningTrigger/dedup';
import { STALE_CLAIM_MS, watchAnswer } from '../../../nodes/DocumentSigningTrigger/receive';

/** The parts of n8n's response object watchAnswer uses. */
class FakeResponse extends EventEmitter {
	headersSent = false;
	writeHead(_status: number) {
		this.headersSent = true;
		return this;
	}
	setHeader() {}
}

const SCOPE = 'wf|node|webhook';

function accepted(id: string) {
	const res = new FakeResponse();
	const context = { getResponseObject: () => res } as unknown as IWebhookFunctions;
	const claim = claimEvent(SCOPE, id, { nowMs: Date.now() });
	watchAnswer(context, claim);
	return { res, claim };
}

describe('receive.ts: a start n8n never answers for', () => {
	beforeEach(() => {
		forgetProcessMemory();
		jest.useFakeTimers();
	});
	afterEach(() => jest.useRealTimers());

	it(`is given up after ${STALE_CLAIM_MS / 1000} s when the sender hung up, so a copy may start it`, async () => {
		const { res, claim } = accepted('evt_hang');
		res.emit('close');
		await jest.advanceTimersByTimeAsync(STALE_CLAIM_MS - 1);
		expect(claim.state).toBe('starting');
		expect(eventState({}, SCOPE, 'evt_hang', { nowMs: Date.now() }).state).toBe('starting');
		await jest.advanceTimersByTimeAsync(1);
		expect(claim.state).toBe('failed');
		expect(eventState({}, SCOPE, 'evt_hang', { nowMs: Date.now() }).state).toBe('new');
	});

	it('keeps no timer once n8n has answered, and a late start still counts as seen', async () => {
		const { res, claim } = accepted('evt_late');
		res.emit('close');
		expect(jest.getTimerCount()).toBe(1);
		res.writeHead(200);
		await jest.advanceTimersByTimeAsync(0);
		expect(claim.state).toBe('started');
		expect(jest.getTimerCount()).toBe(0);
		await jest.advanceTimersByTimeAsync(STALE_CLAIM_MS);
		expect(eventState({}, SCOPE, 'evt_late', { nowMs: Date.now() }).state).toBe('seen');
	});

	it('starts no timer when n8n answered before the sender hung up', () => {
		const { res, claim } = accepted('evt_ok');
		res.writeHead(200);
		res.emit('close');
		expect(claim.state).toBe('started');
		expect(jest.getTimerCount()).toBe(0);
	});
});
