import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { authenticateRequest, sentApiKey } from './authentication';
import { networkCode } from './transport/errors';

/**
 * The "Test" button of the Document Signing API credential: GET /workspaces?page_size=1 with the
 * headers of the credential's `authenticate` (authenticateRequest), as every request of the nodes.
 *
 * A function rather than the credential's declarative `test` request: n8n 2.41.1 reports a
 * declarative test that got no answer with the bare error code (credentials-tester.service.js
 * `runRequestTest`: `message: error.cause.code`, e.g. "ECONNREFUSED"), which says neither which
 * address was tried nor what to check. The nodes name this function in their credential entries
 * (`testedBy`), which is how n8n finds it (`getCredentialTestFunction`).
 */
export const CREDENTIAL_TEST_NAME = 'documentSigningApiTest';

const NETWORK_WORDS: Record<string, string> = {
	ECONNREFUSED: 'nothing answers at that address (connection refused)',
	ENOTFOUND: 'the host name does not exist (DNS lookup failed)',
	EAI_AGAIN: 'the host name could not be resolved right now (DNS)',
	ETIMEDOUT: 'it did not answer in time',
	ECONNABORTED: 'it did not answer in time',
	ECONNRESET: 'the connection was cut off',
	EHOSTUNREACH: 'the host cannot be reached from n8n',
	ENETUNREACH: 'the network of that address cannot be reached from n8n',
	CERT_HAS_EXPIRED: 'its TLS certificate has expired',
	DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
	SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed',
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
	ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

const WHAT_TO_CHECK =
	'Check "Base URL" in this credential: the API address of the service, with https:// (for the local sandbox, the http://127.0.0.1:… address that npm start or npm run sandbox printed). Also check that the machine running n8n can reach it (network, proxy, firewall).';

function fail(message: string): INodeCredentialTestResult {
	return { status: 'Error', message };
}

function text(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

export async function testDocumentSigningApi(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = (credential.data ?? {}) as IDataObject;
	const baseUrl = text(data.baseUrl).replace(/\/+$/, '');
	if (baseUrl === '') return fail(`"Base URL" is empty. ${WHAT_TO_CHECK}`);
	let parsed: URL;
	try {
		parsed = new URL(baseUrl);
	} catch {
		return fail(`"Base URL" (${baseUrl}) is not a web address. ${WHAT_TO_CHECK}`);
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
		return fail(`"Base URL" (${baseUrl}) must start with https:// (or http://). ${WHAT_TO_CHECK}`);
	}

	const live = data.keyToUse === 'live';
	const keyField = live ? 'Live API Key' : 'Test API Key';
	if (sentApiKey(data as ICredentialDataDecryptedObject) === '') {
		return fail(
			`"${keyField}" is empty, and "Key to Use" is ${live ? 'Live' : 'Test'}, so that key is sent. Fill it in, or switch "Key to Use".`,
		);
	}

	const address = `${baseUrl}/workspaces`;
	// The only request helper of a credential test (ICredentialTestFunctions has no httpRequest).
	const { request } = this.helpers;
	// The headers are the credential's own (its `authenticate`), as on every request of the nodes.
	const { headers } = await authenticateRequest(credential.data ?? {}, { url: address });
	let response: { statusCode?: number; body?: unknown };
	try {
		response = (await request({
			method: 'GET',
			uri: address,
			qs: { page_size: 1 },
			headers,
			json: true,
			timeout: 20_000,
			simple: false,
			resolveWithFullResponse: true,
		})) as { statusCode?: number; body?: unknown };
	} catch (error) {
		const code = networkCode(error);
		const why = (code && NETWORK_WORDS[code]) ?? 'no answer came back';
		return fail(
			`Could not reach the service at ${baseUrl}: ${why}${code ? ` (${code})` : ''}. ${WHAT_TO_CHECK}`,
		);
	}

	const status = Number(response.statusCode);
	if (status >= 200 && status < 300) {
		const body = response.body as IDataObject | undefined;
		if (!body || typeof body !== 'object' || !Array.isArray(body.results)) {
			return fail(
				`${address} answered ${status}, but not as the document-signing API does (no list of workspaces). ${WHAT_TO_CHECK}`,
			);
		}
		return { status: 'OK', message: 'Connection successful' };
	}
	if (status === 401) {
		return fail(
			`The key was refused. Check that the key selected by "Key to Use" is filled in and is that kind of key: a test key under Test API Key, a live key under Live API Key.`,
		);
	}
	if (status === 404 || status === 405) {
		return fail(
			`${baseUrl} answered ${status} to GET /workspaces: there is no document-signing API at that address. ${WHAT_TO_CHECK} The Base URL ends before the API's paths (for example https://api.example.com/v1, not …/v1/workspaces).`,
		);
	}
	if (status === 400) {
		return fail(
			`The service refused the request (400): check "API Version" in this credential (1 is the current stable version).`,
		);
	}
	return fail(
		`${address} answered ${Number.isFinite(status) ? status : 'without a status'}. ${status >= 500 ? 'The service may be having problems: try again in a moment.' : WHAT_TO_CHECK}`,
	);
}
