/**
 * All route areas. To add an area: create `routes/<area>.ts` exporting `register<Area>Routes(router)`
 * and call it here. Within the router, earlier registrations win, so register literal paths
 * before parameterised ones when they overlap.
 */
import type { Router } from '../router';
import { registerApiKeyRoutes } from './apiKeys';
import { registerCompanyRoutes } from './company';
import { registerEmailDomainRoutes } from './emailDomains';
import { registerEmailTemplateRoutes } from './emailTemplates';
import { registerSigningRoutes } from './signingRequests';
import { registerWorkspaceRoutes } from './workspaces';
import { registerWorkspaceSettingsRoutes } from './workspaceSettings';
import { registerWebhookRoutes } from './webhooks';
import { registerSealRoutes } from './seals';
import { registerJwtRoutes } from './jwt';
import { registerSignerTermsRoutes } from './signerTerms';

export function registerAllRoutes(router: Router): void {
	registerCompanyRoutes(router);
	registerApiKeyRoutes(router);
	registerWorkspaceRoutes(router);
	registerSigningRoutes(router);
	registerWebhookRoutes(router);
	registerSealRoutes(router);
	registerWorkspaceSettingsRoutes(router);
	registerEmailDomainRoutes(router);
	registerEmailTemplateRoutes(router);
	registerJwtRoutes(router);
	registerSignerTermsRoutes(router);
}
