import type { IWebhookFunctions } from 'n8n-workflow';

import { keepAnswer, respond } from '../../../nodes/shared/respond';

/** The parts of an Express response that n8n's error answer uses (res.status(500).json(…)). */
function expressLike() {
	const calls: string[] = [];
	const res = {
		headersSent: false,
		statusCode: 200,
		writeHead(status: number) {
			this.statusCode = status;
			calls.push(`writeHead ${status}`);
		},
		end(body: string) {
			this.headersSent = true;
			calls.push(`end ${body}`);
		},
		status(code: number) {
			if (this.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT');
			this.statusCode = code;
			calls.push(`status ${code}`);
			return this;
		},
		json(body: unknown) {
			if (this.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT');
			calls.push(`json ${JSON.stringify(body)}`);
			return this;
		},
		send(body: unknown) {
			if (this.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT');
			calls.push(`send ${String(body)}`);
			return this;
		},
	};
	const context = { getResponseObject: () => res } as unknown as IWebhookFunctions;
	return { res, calls, context };
}

describe('keepAnswer', () => {
	it("after the node answered, n8n's second (error) answer is dropped instead of throwing", () => {
		const { res, calls, context } = expressLike();
		respond(context, 401, { error: 'Invalid signature', code: 'signature_mismatch' });
		keepAnswer(context);
		// What n8n's response helper does for an error thrown from webhook().
		expect(() => res.status(500).json({ message: 'Error in workflow' })).not.toThrow();
		expect(() => res.send('x')).not.toThrow();
		expect(res.statusCode).toBe(401);
		expect(calls).toEqual([
			'writeHead 401',
			'end {"error":"Invalid signature","code":"signature_mismatch"}',
		]);
	});

	it('before anything was sent, the methods still answer', () => {
		const { res, calls, context } = expressLike();
		keepAnswer(context);
		res.status(503).json({ later: true });
		expect(calls).toEqual(['status 503', 'json {"later":true}']);
	});
});
