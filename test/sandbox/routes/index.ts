/**
 * Every area of the sandbox, in one list: each area's file under `routes/` registers its routes
 * (API and sandbox-only) on the one router (router.ts). To add an area: create
 * `routes/<area>.ts` exporting `register<Area>Routes(router)` and add it here. Routes are matched in
 * registration order, so an area's literal paths come before its parameterised ones.
 */
import { Router } from '../router';
import { registerApiKeyRoutes } from './apiKeys';
import { registerCompanyRoutes } from './company';
import { registerCustomFieldRoutes, registerWorkspaceCustomFieldRoutes } from './customFields';
import { registerDocumentRoutes } from './documents';
import { registerEmailDomainRoutes } from './emailDomains';
import { registerEmailTemplateRoutes } from './emailTemplates';
import { registerFileRoutes } from './files';
import { registerJwtRoutes } from './jwt';
import { registerSealRoutes } from './seals';
import { registerSignerTermsRoutes } from './signerTerms';
import { registerSigningRequestRoutes } from './signingRequests';
import { registerSimulateRoutes } from './simulate';
import { registerTemplateRoutes } from './templates';
import { registerWebhookRoutes } from './webhooks';
import { registerWorkspaceRoutes } from './workspaces';
import { registerWorkspaceSettingsRoutes } from './workspaceSettings';

export interface Area {
	name: string;
	register: (router: Router) => void;
}

export const AREAS: readonly Area[] = [
	{ name: 'company', register: registerCompanyRoutes },
	{ name: 'api keys', register: registerApiKeyRoutes },
	{ name: 'workspaces', register: registerWorkspaceRoutes },
	{ name: 'templates', register: registerTemplateRoutes },
	{ name: 'signing requests', register: registerSigningRequestRoutes },
	{ name: 'workspace custom fields', register: registerWorkspaceCustomFieldRoutes },
	{ name: 'custom fields', register: registerCustomFieldRoutes },
	{ name: 'documents', register: registerDocumentRoutes },
	{ name: 'webhooks', register: registerWebhookRoutes },
	{ name: 'organization seals', register: registerSealRoutes },
	{ name: 'workspace settings', register: registerWorkspaceSettingsRoutes },
	{ name: 'email domains', register: registerEmailDomainRoutes },
	{ name: 'email templates', register: registerEmailTemplateRoutes },
	{ name: 'jwt', register: registerJwtRoutes },
	{ name: 'signer terms', register: registerSignerTermsRoutes },
	{ name: 'pre-signed files', register: registerFileRoutes },
	{ name: 'simulated signers', register: registerSimulateRoutes },
];

/** The router with every area's routes. */
export function buildRouter(): Router {
	const router = new Router();
	for (const area of AREAS) area.register(router);
	return router;
}
