import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import * as path from 'path';

import { RESOURCES } from '../../nodes/DocumentSigning/actions/operations';

/**
 * What the README and docs/*.md name exists (issue 29 §4): the operation values and the repository
 * files they write in backticks (the names of the panel they write in bold: names.test.ts). The
 * conventions the docs follow:
 *
 * - an operation value is written in backticks: `sendAndWaitForCompletion`; another program's
 *   value is written as the string literal it is: n8n's `'sendAndWait'`;
 * - a file of the repository is written in backticks with its path from the repository's root
 *   (`nodes/shared/transport/request.ts`), or with the tail of that path when the text has just
 *   named its folder (`actions/mergeProperties.ts`, `receive.ts`). n8n's own files (`n8n/dist/…`,
 *   `n8n-core/dist/…`, bare `*.js` names such as `webhook-helpers.js`) and paths under `~`,
 *   `dist/` and `.build/` are not checked, nor is a pattern (`<resource>`, `…`, `*`).
 */
const ROOT = path.resolve(__dirname, '../..');

const DOCUMENTS = [
	'README.md',
	...readdirSync(path.join(ROOT, 'docs'))
		.filter((f) => f.endsWith('.md'))
		.map((f) => `docs/${f}`),
];

/** A document's text without fenced code blocks (shell commands are not claims). */
function prose(file: string): string {
	return readFileSync(path.join(ROOT, file), 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

const backticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

/** Each claim once per document, so a failure names the document and the claim. */
function claims(pick: (text: string) => string[]): Array<[string, string]> {
	return DOCUMENTS.flatMap((file) =>
		[...new Set(pick(prose(file)))].map((claim): [string, string] => [file, claim]),
	);
}

// ---------------------------------------------------------------------------------------------
// (1) Operation values

const OPERATION_VALUES = new Set(
	RESOURCES.flatMap((resource) => Object.values(resource.operations).map((op) => op.meta.value)),
);

/** The verbs operation values start with (`list`, `get`, `sendAndWait…`: `send`, …). */
const OPERATION_VERBS = new Set([...OPERATION_VALUES].map((v) => /^[a-z]+/.exec(v)![0]));
/** The capitalised words operation values are made of (`Signing`, `Request`, `Wait`, …). */
const OPERATION_WORDS = new Set(
	[...OPERATION_VALUES].flatMap((v) => v.match(/[A-Z][a-z]*/g) ?? []),
);

/**
 * Code the docs name that is built like an operation value (a verb of one, then words of them)
 * but is a function: of this package or of n8n.
 */
const FUNCTIONS = new Set(['createWaitWebhook']);

/**
 * A backticked word that reads as an operation value: one of their verbs, then mostly their words
 * (`getSigningRequest`, `sendAndWait`, `catchUpAfterRestarts`; not `getCredentials`).
 */
function looksLikeOperation(word: string): boolean {
	const match = /^([a-z]+)((?:[A-Z][a-z]*)+)$/.exec(word);
	if (!match || FUNCTIONS.has(word) || !OPERATION_VERBS.has(match[1])) return false;
	const words = match[2].match(/[A-Z][a-z]*/g)!;
	return words.filter((w) => OPERATION_WORDS.has(w)).length * 2 > words.length;
}

describe('operation values the docs name', () => {
	const named = claims((text) => backticked(text).filter(looksLikeOperation));

	it('finds operation values to check, and would catch a wrong one', () => {
		expect(named.length).toBeGreaterThan(20);
		expect(looksLikeOperation('sendAndWait')).toBe(true);
		expect(OPERATION_VALUES.has('sendAndWait')).toBe(false);
		expect(looksLikeOperation('catchUpAfterRestarts')).toBe(true);
		expect(looksLikeOperation('handleWaitingState')).toBe(false);
		expect(looksLikeOperation('getCredentials')).toBe(false);
	});

	it.each(named)('%s: `%s` is an operation value of the node', (_file, value) => {
		expect({ value, operation: OPERATION_VALUES.has(value) }).toEqual({ value, operation: true });
	});
});

// ---------------------------------------------------------------------------------------------
// (2) Files of the repository

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.build', '.git', 'coverage']);

/** Every file and folder of the repository, as paths from its root (folders end with /). */
function repositoryPaths(): string[] {
	const found: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(path.join(ROOT, dir))) {
			if (SKIPPED_DIRECTORIES.has(entry)) continue;
			const rel = dir === '' ? entry : `${dir}/${entry}`;
			if (statSync(path.join(ROOT, rel)).isDirectory()) {
				found.push(`${rel}/`);
				walk(rel);
			} else found.push(rel);
		}
	};
	walk('');
	return found;
}

const TOP_LEVEL = new Set(readdirSync(ROOT).filter((entry) => !SKIPPED_DIRECTORIES.has(entry)));

/** A backticked word that names a file or folder of the repository (see the conventions above). */
function looksLikeRepositoryPath(word: string): boolean {
	if (/[\s<>…*{}$]/.test(word) || /^[~./@]/.test(word.replace(/^\.(ci|github)\//, 'x/'))) {
		return false;
	}
	const first = word.split('/')[0];
	if (/^(n8n|n8n-core|n8n-workflow|n8n-editor-ui|dist)$/.test(first) && word.includes('/')) {
		return false;
	}
	if (TOP_LEVEL.has(first)) return true;
	// A tail of a path (`receive.ts`, `actions/mergeProperties.ts`); a tail ending in .js is n8n's
	// (`webhook-helpers.js`, `commands/start.js`).
	return /\.(ts|json|md)$/.test(word);
}

describe('files of the repository the docs name', () => {
	const paths = repositoryPaths();
	const exists = (word: string) =>
		word.split('/')[0] !== '' && TOP_LEVEL.has(word.split('/')[0])
			? existsSync(path.join(ROOT, word))
			: paths.some((p) => p === word || p.endsWith(`/${word}`));
	const named = claims((text) => backticked(text).filter(looksLikeRepositoryPath));

	it('finds paths to check, and would catch a wrong one', () => {
		expect(named.length).toBeGreaterThan(30);
		expect(looksLikeRepositoryPath('nodes/shared/transport/nothing.ts')).toBe(true);
		expect(exists('nodes/shared/transport/nothing.ts')).toBe(false);
		expect(looksLikeRepositoryPath('n8n/dist/webhooks/webhook-helpers.js')).toBe(false);
	});

	it('names only files and folders that exist (paths from the repository root)', () => {
		const missing = named
			.filter(([, word]) => !exists(word))
			.map(([file, word]) => `${file}: ${word}`);
		expect(missing).toEqual([]);
	});
});
