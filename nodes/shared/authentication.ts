import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * The API key the credential sends: the one "Key to Use" selects (Test unless it says Live), without
 * spaces around a pasted key; '' when that field is empty.
 */
export function sentApiKey(credentials: ICredentialDataDecryptedObject): string {
	const key = credentials.keyToUse === 'live' ? credentials.liveApiKey : credentials.testApiKey;
	return typeof key === 'string' ? key.trim() : '';
}

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
	const version = credentials.apiVersion;
	return {
		...requestOptions,
		headers: {
			...requestOptions.headers,
			Authorization: sentApiKey(credentials),
			'X-API-Version':
				version === undefined || version === null || version === '' ? '1' : String(version),
		},
	};
}
