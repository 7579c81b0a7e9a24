import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	apiError,
	describeDetails,
	networkCode,
	networkError,
} from '../../../../nodes/DocumentSigning/transport/errors';

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
		expect(error.message).toBe('The API key was refused (UNAUTHORIZED)');
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
