import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	apiError,
	describeDetails,
	explainMissing,
	networkCode,
	networkError,
	rateLimitWaitError,
	summariseText,
} from '../../../../nodes/shared/transport/errors';
import { secretList } from '../../../../nodes/shared/transport/secrets';

const node: INode = {
	id: '1',
	name: 'Document Signing',
	type: 'n8n-nodes-document-signing.documentSigning',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const call = (statusCode: number, body: unknown, method = 'GET') =>
	apiError(node, { method, path: '/x', statusCode, body, apiVersion: 3, keyMode: 'test' });

describe('describeDetails', () => {
	it('lists an object of field messages', () => {
		expect(
			describeDetails({
				details: { name: 'is required', email: ['must be an email', 'too long'] },
			}),
		).toEqual(['name: is required', 'email: must be an email; too long']);
	});
	it('lists Zod-style arrays', () => {
		expect(
			describeDetails({
				details: [{ path: ['recipients', 0, 'email'], message: 'Invalid email' }],
			}),
		).toEqual(['recipients.0.email: Invalid email']);
	});
	it('falls back to errors[]', () => {
		expect(describeDetails({ errors: [{ message: 'first' }, { message: 'second' }] })).toEqual([
			'first',
			'second',
		]);
	});
	it('leaves out retry_after', () => {
		expect(describeDetails({ details: { retry_after: 3 } })).toEqual([]);
	});
});

describe('apiError', () => {
	it('400 validation lists the fields', () => {
		const error = call(400, {
			error: 'Validation Error',
			code: 'VALIDATION_ERROR',
			message: 'Invalid query',
			details: { sort_by: 'must be one of name, protected, created_on' },
		});
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'The service rejected the request: Invalid query [VALIDATION_ERROR]',
		);
		expect(error.description).toContain('- sort_by: must be one of name, protected, created_on');
		expect(error.httpCode).toBe('400');
	});
	it('400 INVALID_VERSION and UNSUPPORTED_VERSION name the credential field', () => {
		expect(call(400, { code: 'INVALID_VERSION', error: 'Invalid version' }).message).toBe(
			'API Version 3 in the credential is not valid [INVALID_VERSION]',
		);
		const unsupported = call(400, { code: 'UNSUPPORTED_VERSION' });
		expect(unsupported.message).toBe(
			'The service does not support API version 3 [UNSUPPORTED_VERSION]',
		);
		expect(unsupported.description).toContain('API Version');
	});
	it('401 points at the key and Key to Use', () => {
		const error = call(401, {
			error: 'Unauthorized',
			code: 'UNAUTHORIZED',
			message: 'Invalid API key',
		});
		expect(error.message).toBe('The test API key was refused (UNAUTHORIZED)');
		expect(error.description).toContain('Test API Key');
		expect(error.description).toContain('Key to Use');
	});
	it('403, 404, 409 carry the service text', () => {
		expect(call(403, { error: 'Forbidden', message: 'Protected key required' }).message).toBe(
			'Permission denied: Protected key required',
		);
		expect(
			call(404, { error: 'Not Found', code: 'NOT_FOUND', message: 'Workspace not found' }).message,
		).toBe('Not found: Workspace not found [NOT_FOUND]');
		expect(
			call(409, { error: 'Signing request has already been sent', code: 'ALREADY_SENT' }).message,
		).toBe(
			'Not possible in the current state: Signing request has already been sent [ALREADY_SENT]',
		);
	});
	it('404: the path names the item, or the description says something referred to is missing', () => {
		const onPath = apiError(node, {
			method: 'GET',
			path: '/templates/123e4567-e89b-42d3-a456-426614174000/users',
			statusCode: 404,
			body: { error: 'Not Found', code: 'NOT_FOUND', message: 'Template not found' },
			apiVersion: 1,
			keyMode: 'test',
		});
		expect(onPath.description).toBe(
			'Nothing exists at GET /templates/123e4567-e89b-42d3-a456-426614174000/users for this key. Check the ID: it may be wrong, deleted, or belong to a workspace this key cannot reach.',
		);
		const inBody = apiError(node, {
			method: 'POST',
			path: '/signing-requests/create-and-send',
			statusCode: 404,
			body: { error: 'Not Found', code: 'NOT_FOUND', message: 'Template not found' },
			apiVersion: 1,
			keyMode: 'test',
		});
		expect(inBody.message).toBe('Not found: Template not found [NOT_FOUND]');
		expect(inBody.description).toBe(
			"The service could not find something this request refers to (Template not found). Check the IDs in the node's parameters: one may be wrong, deleted, or belong to a workspace this key cannot reach.",
		);
	});
	it('explainMissing names the id and the parameter of a 404 about that kind only', () => {
		const explain = explainMissing(
			[{ what: 'Template', id: 'tpl-1', field: 'Template' }],
			'Nothing was sent.',
		);
		const about = (message: string) =>
			apiError(node, {
				method: 'POST',
				path: '/signing-requests',
				statusCode: 404,
				body: { error: 'Not Found', code: 'NOT_FOUND', message },
				apiVersion: 1,
				keyMode: 'test',
				explain,
			});
		expect(about('Template not found').message).toBe('Template tpl-1 was not found [NOT_FOUND]');
		expect(about('Template not found').description).toBe(
			'No template with the ID tpl-1 exists for this key. Check "Template": the template may have been deleted, or belong to a workspace this key cannot reach (a workspace\'s key only reaches its own workspace). Nothing was sent.',
		);
		// The service says the only referred item is missing, in generic words: still that one.
		expect(about('Not found').message).toBe('Template tpl-1 was not found [NOT_FOUND]');
		// Another kind is missing: the generic words stay.
		expect(about('Workspace not found').message).toBe('Not found: Workspace not found [NOT_FOUND]');
		expect(
			explain({ status: 400, code: 'VALIDATION_ERROR', message: 'Template not found' }),
		).toBeUndefined();
	});
	it('410 says the version was retired', () => {
		const error = call(410, { code: 'VERSION_SUNSET' });
		expect(error.message).toBe('API version 3 has been retired by the service (VERSION_SUNSET)');
		expect(error.description).toContain('newer "API Version"');
	});
	it('5xx on a write says it was not retried', () => {
		const error = call(500, { error: 'boom' }, 'POST');
		expect(error.message).toBe('The service failed with an internal error (500): boom');
		expect(error.description).toContain('not retried automatically');
		expect(call(500, {}, 'GET').description).not.toContain('not retried');
	});
});

describe('network errors', () => {
	it('finds the code through wrapping errors', () => {
		const inner = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
		const outer = Object.assign(new Error('wrapped'), { cause: inner });
		expect(networkCode(outer)).toBe('ECONNRESET');
		expect(networkCode(new Error('timeout of 500ms exceeded'))).toBe('ETIMEDOUT');
	});
	it('never carries the original error (its request headers hold the key)', () => {
		const original = Object.assign(new Error('socket hang up'), {
			code: 'ECONNRESET',
			config: { headers: { Authorization: 'sk_live_secret' } },
		});
		const error = networkError(node, original, {
			method: 'POST',
			path: '/signing-requests',
			baseUrl: 'http://127.0.0.1:1',
		});
		expect(error.message).toBe(
			'Could not get an answer from the service at http://127.0.0.1:1: the connection was reset',
		);
		expect(error.description).toContain('(ECONNRESET)');
		expect(error.description).toContain('not retried automatically');
		expect(JSON.stringify(error)).not.toContain('sk_live_secret');
		expect(JSON.stringify(error.cause ?? {})).not.toContain('sk_live_secret');
	});
	it('a refused connection on a write was certainly not processed', () => {
		const error = networkError(node, Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), {
			method: 'POST',
			path: '/x',
			baseUrl: 'http://127.0.0.1:1',
		});
		expect(error.description).toContain('Check the Base URL');
	});
});

describe('answers that used to be misread', () => {
	it("names each recipient of Create and Send's validation error and what it lacks", () => {
		const error = call(
			400,
			{
				error: 'Validation failed',
				code: 'VALIDATION_ERROR',
				phase: 'send_validation',
				validation_errors: [
					{
						recipient_index: 1,
						recipient_email: 'ada@example.com',
						missing_fields: ['first_name'],
					},
					{ recipient_index: 3, recipient_email: '', missing_fields: ['first_name', 'email'] },
				],
				errors: [],
			},
			'POST',
		);
		expect(error.message).toBe(
			'The service refused to send the signing request: Recipient 1 (ada@example.com): missing first_name; Recipient 3: missing first_name, email [VALIDATION_ERROR]',
		);
		expect(error.description).toContain('- Recipient 1 (ada@example.com): missing first_name');
		expect(error.description).toContain('- Recipient 3: missing first_name, email');
		expect(error.description).toContain('Nothing was created or sent');
		const create = call(400, {
			phase: 'create_validation',
			validation_errors: [
				{ recipient_index: 2, recipient_email: 'b@x.io', missing_fields: ['email'] },
			],
		});
		expect(create.message).toContain('refused to create the signing request: Recipient 2 (b@x.io)');
	});

	it('lists the per-field details of a 422', () => {
		const error = call(422, {
			error: 'Unprocessable',
			message: 'Some recipients cannot receive email',
			code: 'RECIPIENT_EMAIL_SUPPRESSED',
			details: { 'recipients[1].email': 'bounced on 2026-10-01' },
		});
		expect(error.message).toBe(
			'The service could not process this: Some recipients cannot receive email [RECIPIENT_EMAIL_SUPPRESSED]',
		);
		expect(error.description).toBe(
			'Problems by field:\n- recipients[1].email: bounced on 2026-10-01',
		);
	});

	it('lists details for other statuses too', () => {
		const error = call(409, {
			error: 'Conflict',
			message: 'Cannot resend',
			details: { recipient_ids: 'already signed' },
		});
		expect(error.description).toContain('- recipient_ids: already signed');
	});

	const proxyPage =
		'<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{}</style></head><body><h1>Bad Gateway</h1><p>upstream sk_live_protected_seed_key_0001 unreachable</p><script>track()</script></body></html>';

	it("summarises a proxy's HTML error page by status and title; its content stays out", () => {
		const error = call(502, proxyPage, 'GET');
		expect(error.message).toBe(
			'The service or a gateway in front of it was unavailable (502 Bad Gateway): it answered with an HTML page titled "502 Bad Gateway"',
		);
		const everything = JSON.stringify({ ...error, message: error.message, d: error.description });
		expect(everything).not.toContain('<html');
		expect(everything).not.toContain('track()');
		expect(everything).not.toContain('upstream');
		expect(error.description).toContain('Try again in a moment');
	});

	it.each([
		[503, 'Service Unavailable'],
		[504, 'Gateway Timeout'],
	])(
		'%s says the service or a gateway was unavailable, not an internal error',
		(status, reason) => {
			const error = call(status, { error: 'down' }, 'POST');
			expect(error.message).toBe(
				`The service or a gateway in front of it was unavailable (${status} ${reason}): down`,
			);
			expect(error.message).not.toContain('internal error');
			expect(error.description).toContain('not retried automatically');
		},
	);

	it('shortens a long plain-text error body', () => {
		expect(summariseText('x'.repeat(500))).toBe(`"${'x'.repeat(160)}…"`);
		expect(summariseText('<html><body><h1>Oops &amp; sorry</h1></body></html>')).toBe(
			'an HTML page titled "Oops & sorry"',
		);
		expect(summariseText('   ')).toBeUndefined();
	});

	it('redacts both keys and the webhook secret that the service echoes back', () => {
		const secrets = secretList([
			['sk_live_protected_seed_key_0001', 'live API key'],
			['sk_test_protected_seed_key_0001', 'test API key'],
			['whsec_company_0123456789', 'webhook signing secret'],
		]);
		const error = apiError(node, {
			method: 'GET',
			path: '/x',
			statusCode: 401,
			body: {
				error: 'Invalid key sk_test_protected_seed_key_0001',
				message: 'Authorization: sk_live_protected_seed_key_0001 (secret whsec_company_0123456789)',
				details: { authorization: 'sk_test_protected_seed_key_0001' },
			},
			apiVersion: 1,
			keyMode: 'test',
			secrets,
		});
		const everything = JSON.stringify({
			...error,
			message: error.message,
			description: error.description,
			messages: error.messages,
			cause: error.cause,
			context: error.context,
		});
		expect(everything).not.toContain('sk_live_protected_seed_key_0001');
		expect(everything).not.toContain('sk_test_protected_seed_key_0001');
		expect(everything).not.toContain('whsec_company_0123456789');
		expect(everything).toContain('[test API key redacted]');
		expect(error.description).toContain('- authorization: [test API key redacted]');
	});

	it('a redacted HTML page cannot leak a key either', () => {
		const secrets = secretList([['sk_live_protected_seed_key_0001', 'live API key']]);
		const error = apiError(node, {
			method: 'GET',
			path: '/x',
			statusCode: 500,
			body: 'Bad key sk_live_protected_seed_key_0001 sent',
			apiVersion: 1,
			keyMode: 'live',
			secrets,
		});
		expect(error.message).toBe(
			'The service failed with an internal error (500): it answered with "Bad key [live API key redacted] sent"',
		);
	});

	it('says where a wait came from', () => {
		expect(rateLimitWaitError(node, 'read', 600_000, 120_000, { source: 'reset' }).message).toBe(
			"Rate limit reached for read requests (200 per minute): this key has no requests left in the service's current window, which ends in 600 s (X-RateLimit-Reset)",
		);
		expect(
			rateLimitWaitError(node, 'write', 3_600_000, 120_000, { source: 'retry-after' }).message,
		).toContain('the service asks to wait 3600 s');
		expect(
			rateLimitWaitError(node, 'webhook', 245_000, 120_000, {
				source: 'queue',
				ahead: 183,
				limit: 30,
			}).message,
		).toBe(
			"Rate limit reached for webhook requests (30 per minute): 183 earlier requests with this key wait for a turn, so this one's turn would come in 245 s",
		);
		expect(
			rateLimitWaitError(node, 'keyRotation', 130_000, 120_000, { source: 'pacing' }).message,
		).toContain(
			'has used up the published limit in the last minute; the next request could go out in 130 s',
		);
	});
});
