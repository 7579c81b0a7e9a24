/**
 * Company (api-reference §3.1, C1). Any valid key of the company may read it.
 * Credits are managed by `state.consumeCredits` (live keys only).
 */
import type { Router } from '../router';

export function registerCompanyRoutes(router: Router): void {
	router.get('/company', (ctx) => ({ body: ctx.state.companyJson() }));
}
