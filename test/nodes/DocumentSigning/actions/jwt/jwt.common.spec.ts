/**
 * The two documented key sets of token generation and revocation, normalised to one shape
 * (api-reference §3.7 / §J / §X.2; service-api.md "JWT management").
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	buildEmbedSnippet,
	normaliseGeneratedToken,
	normaliseRevocation,
} from '../../../../../nodes/DocumentSigning/actions/jwt/jwt.common';

const context = {
	getNode: () => ({
		name: 'Document Signing',
		type: 'x',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	}),
} as unknown as IExecuteFunctions;
const T = '11111111-1111-4111-8111-111111111111';
const J = '22222222-2222-4222-8222-222222222222';

describe('normaliseGeneratedToken', () => {
	it.each([
		['template', { token: 'a.b.c', expires_at: '2026-01-02T00:00:00Z', jwt_record_id: J }],
		['template', { jwt: 'a.b.c', jwt_id: J, expires_at: '2026-01-02T00:00:00Z', template_id: T }],
	] as const)('%s: both key sets give the same output (%j)', (kind, body) => {
		expect(normaliseGeneratedToken(context, { ...body }, kind, T)).toEqual({
			jwt: 'a.b.c',
			jwt_id: J,
			expires_at: '2026-01-02T00:00:00Z',
			template_id: T,
		});
	});

	it.each([
		[{ jwt: 'x.y.z', jwt_id: J, expires_at: 'E', signing_request_id: T, created_at: 'C' }],
		[{ token: 'x.y.z', jwt_record_id: J, expires_at: 'E', created_at: 'C' }],
	])('signing request: both key sets give the same output (%j)', (body) => {
		expect(normaliseGeneratedToken(context, { ...body }, 'signingRequest', T)).toEqual({
			jwt: 'x.y.z',
			jwt_id: J,
			expires_at: 'E',
			signing_request_id: T,
			created_at: 'C',
		});
	});

	it('keeps other keys, and prefers the id the service names over the requested one', () => {
		const other = '33333333-3333-4333-8333-333333333333';
		expect(
			normaliseGeneratedToken(
				context,
				{ jwt: 'j', jwt_id: J, expires_at: 'E', template_id: other, message: 'ok' },
				'template',
				T,
			),
		).toEqual({ jwt: 'j', jwt_id: J, expires_at: 'E', template_id: other, message: 'ok' });
	});

	it('an answer without a token is an error, not an empty item', () => {
		expect(() => normaliseGeneratedToken(context, { expires_at: 'E' }, 'template', T)).toThrow(
			'The service answered without a token',
		);
	});
});

describe('normaliseRevocation', () => {
	it('{revoked: true} and {revoked_at} give the same keys', () => {
		expect(normaliseRevocation({ message: 'm', jwt_id: J, revoked: true }, J)).toEqual({
			message: 'm',
			jwt_id: J,
			revoked: true,
			revoked_at: null,
		});
		expect(
			normaliseRevocation({ message: 'm', jwt_id: J, revoked_at: '2026-01-01T00:00:00Z' }, J),
		).toEqual({
			message: 'm',
			jwt_id: J,
			revoked: true,
			revoked_at: '2026-01-01T00:00:00Z',
		});
		expect(normaliseRevocation({ message: 'm' }, J)).toEqual({
			message: 'm',
			jwt_id: J,
			revoked: true,
			revoked_at: null,
		});
	});
});

describe('buildEmbedSnippet', () => {
	it('escapes values so they cannot end the script element', () => {
		const html = buildEmbedSnippet({
			kind: 'template',
			embedUrl: 'https://e.example.com',
			container: '#c',
			jwt: '</script><script>alert(1)</script>',
			id: T,
			theme: 'dark',
			readOnly: false,
		});
		expect(html.match(/<\/script>/g)).toHaveLength(2);
		expect(html).toContain(
			'"jwt":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"',
		);
	});
});
