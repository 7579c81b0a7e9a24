/** The 15 languages of the service (signer emails and signing page). */
export const LANGUAGES: ReadonlyArray<{ name: string; value: string }> = [
	{ name: 'Catalan', value: 'ca' },
	{ name: 'Czech', value: 'cs' },
	{ name: 'Dutch', value: 'nl' },
	{ name: 'English', value: 'en' },
	{ name: 'French', value: 'fr' },
	{ name: 'German', value: 'de' },
	{ name: 'Greek', value: 'el' },
	{ name: 'Italian', value: 'it' },
	{ name: 'Norwegian Bokmål', value: 'nb' },
	{ name: 'Polish', value: 'pl' },
	{ name: 'Portuguese', value: 'pt' },
	{ name: 'Romanian', value: 'ro' },
	{ name: 'Russian', value: 'ru' },
	{ name: 'Spanish', value: 'es' },
	{ name: 'Swedish', value: 'sv' },
];

/** The language codes, for checks. */
export const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((l) => l.value);
