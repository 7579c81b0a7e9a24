import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LANGUAGES } from '../../domain/languages';
import { fail } from '../../helpers/errors';
import { ID_OUTPUT } from '../../helpers/output';
import type { JsonSchema, OperationOutput } from '../../helpers/output';

/**
 * Shared parts of the signer terms operations (api-reference §3.12): the language picker, the
 * statement / terms URL fields and their checks, and the output of a PUT.
 */

const LANGUAGE_VALUES = new Set(LANGUAGES.map((l) => l.value));

export function languageField(purpose: 'set' | 'delete'): INodeProperties {
	return {
		displayName: 'Language',
		name: 'language',
		type: 'options',
		required: true,
		options: [...LANGUAGES],
		default: 'en',
		description:
			purpose === 'set'
				? 'The language these terms are shown in to signers'
				: 'The language whose terms to delete',
	};
}

export const termsFields: INodeProperties[] = [
	{
		displayName: 'Statement Text',
		name: 'statementText',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 6 },
		placeholder:
			'<p>By signing you agree to our <a href="https://example.com/terms">terms</a>.</p>',
		description:
			'The statement signers must accept, as HTML. The service removes unsafe parts (scripts, event handlers) before storing it: the output shows what was stored.',
	},
	{
		displayName: 'Terms URL',
		name: 'termsUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/terms',
		description: 'Link to the full terms. Leave empty for none (this removes a link set before).',
	},
];

export function readLanguage(context: IExecuteFunctions, i: number): string {
	const language = String(context.getNodeParameter('language', i, '') ?? '').trim();
	if (!LANGUAGE_VALUES.has(language)) {
		fail(
			context,
			`"Language" must be one of the service's 15 languages, not "${language.slice(0, 40)}"`,
			`Allowed: ${[...LANGUAGE_VALUES].join(', ')}.`,
		);
	}
	return language;
}

/** The PUT body `{statement_text, terms_url}`, checked before sending. */
export function readTermsBody(context: IExecuteFunctions, i: number): IDataObject {
	const statement = String(context.getNodeParameter('statementText', i, '') ?? '');
	if (statement.trim() === '') fail(context, '"Statement Text" is empty');
	const url = String(context.getNodeParameter('termsUrl', i, '') ?? '').trim();
	if (url !== '') {
		let parsed: URL | undefined;
		try {
			parsed = new URL(url);
		} catch {
			parsed = undefined;
		}
		if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
			fail(
				context,
				`"Terms URL" is not a valid web address: "${url.slice(0, 80)}"`,
				'Use an address such as https://example.com/terms, or leave it empty.',
			);
		}
	}
	return { statement_text: statement, terms_url: url === '' ? null : url };
}

/** A language of signer terms in the output schemas (the deletes output it as their id). */
export const LANGUAGE_OUTPUT: JsonSchema = {
	$ref: '#/definitions/SignerTerms/properties/language',
};

/** The output of the PUTs (`termsPutOutput`), for a workspace's terms with its `workspace_id`. */
export function termsPutSchema(scope: 'company' | 'workspace'): OperationOutput {
	return {
		fields: {
			language: LANGUAGE_OUTPUT,
			...(scope === 'workspace' ? { workspace_id: ID_OUTPUT } : {}),
			'warnings?': { type: 'array', items: { type: 'string' } },
		},
	};
}

/** The PUT answer `{ok, storedHtml, changed}`, with a warning when sanitizing changed the HTML. */
export function termsPutOutput(
	body: IDataObject,
	language: string,
	workspaceId?: string,
): IDataObject {
	const out: IDataObject = {
		language,
		...(workspaceId ? { workspace_id: workspaceId } : {}),
		...body,
	};
	if (body.changed === true) {
		out.warnings = [
			'The service removed unsafe HTML (such as scripts or event handlers) from the statement: storedHtml is what signers will see.',
		];
	}
	return out;
}
