/**
 * Signer terms (api-reference §3.12 ST1–ST6).
 *
 * - GET    /company/signer-terms                                → {terms: SignerTerms[]} (protected key, else 403)
 * - PUT    /company/signer-terms/:language                      {statement_text (HTML, required), terms_url (uri|null)}
 *                                                                → {ok, storedHtml, changed} (protected key)
 * - DELETE /company/signer-terms/:language                      → {message, language}; 404 when none for it
 * - GET    /workspace/:workspace_id/signer-terms                → {terms}: the terms that apply in the workspace
 *                                                                per language (its override, else the company's)
 * - PUT    /workspace/:workspace_id/signer-terms/:language      same as the company PUT, stores an override
 * - DELETE /workspace/:workspace_id/signer-terms/:language      removes the override; 404 when none
 * `:language` is one of the 15 languages (else 400). The HTML is sanitized before storage
 * (`<script>`, `on*` attributes, `javascript:` links removed); `changed` says whether that altered it.
 * Unknown workspace → 404, another workspace with a non-protected key → 403.
 */
import { requireProtectedKey, requireWorkspace } from '../access';
import { notFound, validationError } from '../errors';
import type { RequestContext, Router } from '../router';
import { iso } from '../state';
import { Validator, objectBody } from '../validation';
import { sanitizeTermsHtml, signerTermsOf, type SignerTermsRecord } from '../signerTerms';
import { LANGUAGES, isLanguage } from '../languages';

const STATEMENT_MAX = 20_000;
const COMPANY_MESSAGE = 'Company signer terms need the protected workspace API key';

export function registerSignerTermsRoutes(router: Router): void {
	router.get('/company/signer-terms', (ctx) => {
		requireProtectedKey(ctx, COMPANY_MESSAGE);
		return { body: { terms: sorted(signerTermsOf(ctx.state).company).map((t) => termsJson(t)) } };
	});
	router.put('/company/signer-terms/:language', (ctx) => {
		const language = readLanguage(ctx);
		requireProtectedKey(ctx, COMPANY_MESSAGE);
		return { body: store(ctx, signerTermsOf(ctx.state).company, language) };
	});
	router.delete('/company/signer-terms/:language', (ctx) => {
		const language = readLanguage(ctx);
		requireProtectedKey(ctx, COMPANY_MESSAGE);
		return { body: remove(signerTermsOf(ctx.state).company, language) };
	});
	router.get('/workspace/:workspace_id/signer-terms', (ctx) => {
		const ws = requireWorkspace(ctx, ctx.params.workspace_id);
		const area = signerTermsOf(ctx.state);
		const overrides = area.workspaces.get(ws.id) ?? new Map<string, SignerTermsRecord>();
		const terms = LANGUAGES.flatMap((language) => {
			const own = overrides.get(language);
			if (own) return [termsJson(own)];
			const fallback = area.company.get(language);
			return fallback ? [termsJson(fallback)] : [];
		});
		return { body: { terms } };
	});
	router.put('/workspace/:workspace_id/signer-terms/:language', (ctx) => {
		const language = readLanguage(ctx);
		const ws = requireWorkspace(ctx, ctx.params.workspace_id);
		return { body: store(ctx, overridesOf(ctx, ws.id), language) };
	});
	router.delete('/workspace/:workspace_id/signer-terms/:language', (ctx) => {
		const language = readLanguage(ctx);
		const ws = requireWorkspace(ctx, ctx.params.workspace_id);
		return { body: remove(overridesOf(ctx, ws.id), language) };
	});
}

function overridesOf(ctx: RequestContext, workspaceId: string): Map<string, SignerTermsRecord> {
	const area = signerTermsOf(ctx.state);
	let map = area.workspaces.get(workspaceId);
	if (!map) {
		map = new Map();
		area.workspaces.set(workspaceId, map);
	}
	return map;
}

function readLanguage(ctx: RequestContext): string {
	const language = ctx.params.language;
	if (!isLanguage(language)) {
		throw validationError({ language: `language must be one of: ${LANGUAGES.join(', ')}` });
	}
	return language;
}

function sorted(map: Map<string, SignerTermsRecord>): SignerTermsRecord[] {
	return LANGUAGES.flatMap((language) => {
		const t = map.get(language);
		return t ? [t] : [];
	});
}

/** SignerTerms. */
function termsJson(t: SignerTermsRecord): Record<string, unknown> {
	return {
		language: t.language,
		statement_text: t.statement_text,
		terms_url: t.terms_url,
		updated_at: iso(t.updated_at),
	};
}

function store(ctx: RequestContext, map: Map<string, SignerTermsRecord>, language: string) {
	const body = objectBody(ctx.body);
	const v = new Validator();
	const text = body.statement_text;
	if (text === undefined || text === null) v.fail('statement_text', 'statement_text is required');
	else if (typeof text !== 'string' || text.trim() === '')
		v.fail('statement_text', 'statement_text must be a non-empty string');
	else if (text.length > STATEMENT_MAX)
		v.fail('statement_text', `statement_text must be at most ${STATEMENT_MAX} characters`);
	let termsUrl: string | null = null;
	const rawUrl = body.terms_url;
	if (rawUrl !== undefined && rawUrl !== null) {
		if (typeof rawUrl !== 'string') v.fail('terms_url', 'terms_url must be a URI or null');
		else {
			try {
				const parsed = new URL(rawUrl);
				if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('scheme');
				termsUrl = rawUrl;
			} catch {
				v.fail('terms_url', 'terms_url must be an absolute http(s) URI or null');
			}
		}
	}
	v.throwIfInvalid();
	const input = text as string;
	const storedHtml = sanitizeTermsHtml(input);
	if (storedHtml.trim() === '')
		throw validationError({ statement_text: 'statement_text is empty once sanitized' });
	map.set(language, {
		language,
		statement_text: storedHtml,
		terms_url: termsUrl,
		updated_at: ctx.state.now(),
	});
	return { ok: true, storedHtml, changed: storedHtml !== input };
}

function remove(map: Map<string, SignerTermsRecord>, language: string) {
	if (!map.has(language)) throw notFound(`Signer terms for language "${language}"`);
	map.delete(language);
	return { message: 'Signer terms deleted', language };
}
