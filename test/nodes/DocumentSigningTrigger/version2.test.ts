import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { DocumentSigningTrigger } from '../../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import { forgetProcessMemory } from '../../../nodes/DocumentSigningTrigger/dedup';
import { forgetSecrets } from '../../../nodes/shared/verifyWithCredential';
import { SECRET, eventId, sign } from './support';

/**
 * Version 2: n8n leaves the body of a version 2 node's request unread when it does not parse its
 * Content-Type (webhook-helpers.js parseRequestBody; version 1 always reads it). The trigger then
 * reads it itself.
 */
function delivery(request: { rawBody?: Buffer; readRawBody?: () => Promise<void> }, body: string) {
	const answers: Array<{ status: number; body: string }> = [];
	const staticData: IDataObject = {};
	const parameters: Record<string, unknown> = {
		options: {},
		verifySignatures: true,
		events: ['signing_request.completed'],
		additionalEvents: '',
	};
	const context = {
		getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
		getHeaderData: () => ({
			'content-type': 'application/octet-stream',
			'x-service-signature': sign(body),
		}),
		getRequestObject: () => request,
		getBodyData: () => ({}),
		getResponseObject: () => ({
			headersSent: false,
			writeHead(status: number) {
				answers.push({ status, body: '' });
				return this;
			},
			end(text: string) {
				answers[answers.length - 1].body = text;
			},
			setHeader: () => undefined,
			once: () => undefined,
		}),
		getNode: () => ({
			id: 'node-v2',
			name: 'Document Signing Trigger',
			typeVersion: 2,
			credentials: { documentSigningApi: { id: 'cred-v2', name: 'API' } },
		}),
		getWorkflow: () => ({ id: 'wf-v2' }),
		getMode: () => 'webhook',
		getWorkflowStaticData: () => staticData,
		getCredentials: async () => ({
			baseUrl: 'https://api.example.test',
			webhookSigningSecret: SECRET,
		}),
		logger: { warn: () => undefined, debug: () => undefined, info: () => undefined },
	} as unknown as IWebhookFunctions;
	return { context, answers };
}

beforeEach(() => {
	forgetProcessMemory();
	forgetSecrets();
});

describe('Document Signing Trigger version 2', () => {
	it('is the version of a new node; version 1 stays available', () => {
		const { description } = new DocumentSigningTrigger();
		expect(description.version).toEqual([1, 2]);
		expect(description.defaultVersion).toBe(2);
	});

	it('reads a body n8n left unread, and verifies and starts it', async () => {
		const id = eventId();
		const body = JSON.stringify({ id, type: 'signing_request.completed', data: {} });
		const request: { rawBody?: Buffer; readRawBody?: () => Promise<void> } = {};
		request.readRawBody = async () => {
			request.rawBody = Buffer.from(body);
		};
		const { context, answers } = delivery(request, body);
		const result = await new DocumentSigningTrigger().webhook.call(context);
		expect(answers).toEqual([]);
		expect(result.workflowData?.[0][0].json).toMatchObject({
			id,
			type: 'signing_request.completed',
		});
	});

	it('without the raw body (and no way to read it) the delivery is refused with 401', async () => {
		const body = JSON.stringify({ id: eventId(), type: 'signing_request.completed', data: {} });
		const { context, answers } = delivery({}, body);
		const result = await new DocumentSigningTrigger().webhook.call(context);
		expect(result).toEqual({ noWebhookResponse: true });
		expect(answers).toHaveLength(1);
		expect(answers[0].status).toBe(401);
		expect(JSON.parse(answers[0].body)).toMatchObject({ code: 'raw_body_unavailable' });
	});
});
