/**
 * All route areas. To add an area: create `routes/<area>.ts` exporting `register<Area>Routes(router)`
 * and call it here. Within the router, earlier registrations win, so register literal paths
 * before parameterised ones when they overlap.
 */
import type { Router } from '../router';
import { registerApiKeyRoutes } from './apiKeys';
import { registerCompanyRoutes } from './company';
import { registerSigningRoutes } from './signingRequests';
import { registerWorkspaceRoutes } from './workspaces';
import { registerWebhookRoutes } from './webhooks';

export function registerAllRoutes(router: Router): void {
	registerCompanyRoutes(router);
	registerApiKeyRoutes(router);
	registerWorkspaceRoutes(router);
	registerSigningRoutes(router);
	registerWebhookRoutes(router);
}
