/**
 * The 15 languages of the service (api-reference §1.6), in its order: signer emails and signing
 * page, company and workspace settings, email templates, signer terms, seal statements. Written
 * here from the spec, not taken from the node, so that languages.spec.ts can compare the two.
 */
export const LANGUAGES = [
	'en',
	'es',
	'it',
	'pt',
	'fr',
	'de',
	'el',
	'ru',
	'pl',
	'cs',
	'sv',
	'nl',
	'ro',
	'nb',
	'ca',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Whether a value is one of the languages. */
export function isLanguage(value: unknown): value is Language {
	return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
