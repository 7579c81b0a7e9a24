import type { ApiEndpoint } from './transport';

/**
 * The service's endpoints that code shared by the nodes calls (the triggers, enrichment, the
 * workspace picker), by the API's operationId. Each one is also the `meta` (method, path) of the
 * action node's operation of that name, which spreads it (`...ENDPOINTS.getSigningRequest` in
 * actions/signingRequest/getSigningRequest.operation.ts): an endpoint is written once, and shared
 * code never reaches up into an operation file for it.
 */
export const ENDPOINTS = {
	getSigningRequest: { method: 'GET', path: '/signing-requests/{id}' },
	listSigningRequestUsers: { method: 'GET', path: '/signing-requests/{id}/users' },
	downloadSigningRequest: { method: 'GET', path: '/signing-requests/{id}/download' },
	listSigningRequests: { method: 'GET', path: '/signing-requests' },
	getWorkspace: { method: 'GET', path: '/workspaces/{id}' },
	listWorkspaces: { method: 'GET', path: '/workspaces' },
	createWebhook: { method: 'POST', path: '/webhooks' },
	getWebhook: { method: 'GET', path: '/webhooks/{id}' },
	listWebhooks: { method: 'GET', path: '/webhooks' },
	updateWebhook: { method: 'PUT', path: '/webhooks/{id}' },
	deleteWebhook: { method: 'DELETE', path: '/webhooks/{id}' },
} as const satisfies Record<string, ApiEndpoint>;
