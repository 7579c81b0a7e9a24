import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * The headers every request to the service carries: the key "Key to Use" selects, bare in
 * `Authorization` (spaces around a pasted key dropped), and `X-API-Version` (1 when the field is
 * empty). The only place that builds them: it is the credential's `authenticate`
 * (credentials/DocumentSigningApi.credentials.ts), which n8n applies to the nodes' requests and to
 * its HTTP Request node's; the credential's Test (credentialTest.ts) sends what it returns.
 */
export async function authenticateRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const key = credentials.keyToUse === 'live' ? credentials.liveApiKey : credentials.testApiKey;
	const version = credentials.apiVersion;
	return {
		...requestOptions,
		headers: {
			...requestOptions.headers,
			Authorization: typeof key === 'string' ? key.trim() : '',
			'X-API-Version':
				version === undefined || version === null || version === '' ? '1' : String(version),
		},
	};
}
