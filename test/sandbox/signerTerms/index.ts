/**
 * Signer terms (api-reference §3.12): company defaults per language and per-workspace overrides,
 * and the HTML sanitizer applied before storage.
 */
import type { SandboxState } from '../state';

export interface SignerTermsRecord {
	language: string;
	statement_text: string;
	terms_url: string | null;
	updated_at: number;
}

export interface SignerTermsArea {
	company: Map<string, SignerTermsRecord>;
	/** workspace id → language → override */
	workspaces: Map<string, Map<string, SignerTermsRecord>>;
}

const areas = new WeakMap<SandboxState, SignerTermsArea>();

export function signerTermsOf(state: SandboxState): SignerTermsArea {
	let area = areas.get(state);
	if (!area) {
		area = { company: new Map(), workspaces: new Map() };
		areas.set(state, area);
	}
	return area;
}

/**
 * What the service stores of statement HTML: `<script>` elements, `on*` event-handler attributes
 * and `javascript:` links removed. Everything else is kept as given.
 */
export function sanitizeTermsHtml(html: string): string {
	let out = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '');
	out = out.replace(/<\/?script\b[^>]*>/gi, '');
	out = out.replace(/<[a-z][^>]*>/gi, (tag) =>
		tag
			.replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
			.replace(
				/(\s(?:href|src)\s*=\s*)("\s*javascript:[^"]*"|'\s*javascript:[^']*'|javascript:[^\s>]+)/gi,
				'$1"#"',
			),
	);
	return out;
}
