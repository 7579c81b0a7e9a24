import { readdirSync, readFileSync, statSync } from 'fs';
import * as path from 'path';
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { DocumentSigningApi } from '../../credentials/DocumentSigningApi.credentials';
import { DocumentSigning } from '../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES } from '../../nodes/DocumentSigning/actions/operations';
import { DocumentSigningPollTrigger } from '../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';

/**
 * One name per operation (issue 27 §2): the Operation dropdown shows its `name`, n8n's node panel
 * and the canvas its `action`, the README and docs/operations.md its name (generated), and texts
 * refer to it as "Resource → Name". A user must recognise the same operation in all of them.
 */
const ROOT = path.resolve(__dirname, '../..');
const operations = RESOURCES.flatMap((resource) =>
	Object.values(resource.operations).map((op) => ({ resource, meta: op.meta })),
);

/** Lower-case words, without articles and possessive 's (the sentence may need them). */
const words = (text: string) =>
	text
		.toLowerCase()
		.replace(/'s\b/g, '')
		.replace(/[(),:]/g, ' ')
		.split(/\s+/)
		.filter((w) => w !== '' && !['a', 'an', 'the'].includes(w));
const containsWords = (text: string, part: string) =>
	` ${words(text).join(' ')} `.includes(` ${words(part).join(' ')} `);

describe('operation names', () => {
	it.each(operations.map(({ resource, meta }) => [resource.name, meta.name, meta.action]))(
		'%s → %s: the action shown in the node panel ("%s") contains the name',
		(_resource, name, action) => {
			// "Add (Company)": the action says "add" and "company", in its own words around them.
			const [, base, qualifier] = /^(.*?)(?: \((.+)\))?$/.exec(name)!;
			expect(containsWords(action, base)).toBe(true);
			if (qualifier !== undefined) expect(containsWords(action, qualifier)).toBe(true);
		},
	);

	it('the rule above refuses the old panel text of Create and Send', () => {
		expect(containsWords('Send a document for signature', 'Create and Send')).toBe(false);
		expect(containsWords('Create and send a document for signature', 'Create and Send')).toBe(true);
	});

	it('gives each operation of a resource its own name', () => {
		for (const resource of RESOURCES) {
			const names = Object.values(resource.operations).map((op) => op.meta.name);
			expect(new Set(names).size).toBe(names.length);
		}
	});
});

/** Every parameter and option label of the action node ("JWT → Include Embed Snippet"). */
function labels(
	properties: Array<INodeProperties | INodePropertyCollection | INodePropertyOptions>,
) {
	const found = new Set<string>();
	const visit = (list: unknown[] | undefined) => {
		for (const entry of (list ?? []) as Array<Record<string, unknown>>) {
			if (typeof entry.displayName === 'string') found.add(entry.displayName);
			if (typeof entry.name === 'string') found.add(entry.name);
			visit(entry.options as unknown[] | undefined);
			visit(entry.values as unknown[] | undefined);
		}
	};
	visit(properties);
	return found;
}

/** The texts users read: the nodes' and credential's source, README and the docs (not CHANGELOG). */
function userTexts(): Array<{ file: string; text: string }> {
	const files: string[] = ['README.md', 'examples/README.md'];
	const walk = (dir: string, ext: RegExp) => {
		for (const entry of readdirSync(path.join(ROOT, dir))) {
			const rel = path.join(dir, entry);
			if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel, ext);
			else if (ext.test(entry)) files.push(rel);
		}
	};
	walk('nodes', /\.ts$/);
	walk('credentials', /\.ts$/);
	walk('docs', /\.md$/);
	return files.map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
}

describe('"Resource → Operation" in the README, the docs and the nodes', () => {
	const known = labels(new DocumentSigning().description.properties);
	const references = userTexts().flatMap(({ file, text }) =>
		RESOURCES.flatMap((resource) =>
			[...text.matchAll(new RegExp(`${resource.name} → ([^\\n]{1,80})`, 'g'))].map((m) => ({
				file,
				resource,
				after: m[1].replace(/\*+|\s+/g, ' ').trim(),
			})),
		),
	);

	it('finds references to check', () => {
		expect(references.length).toBeGreaterThan(20);
	});

	it.each(references.map((r) => [r.file, `${r.resource.name} → ${r.after}`, r]))(
		'%s: "%s" names an operation (or a field) by its name',
		(_file, _text, { resource, after }) => {
			const names = Object.values(resource.operations).map((op) => op.meta.name);
			// The longest name the text starts with, followed by the end of the name (not by more
			// capitalised words of an old, longer name such as "Create Signing Request").
			const name = names
				.filter((n) => after === n || new RegExp(`^${escape(n)}(?![\\w])`).test(after))
				.sort((a, b) => b.length - a.length)[0];
			const rest = name === undefined ? '' : after.slice(name.length).trim();
			const field = [...known].some((label) => after.startsWith(label));
			expect({ after, ok: (name !== undefined && !/^[A-Z][a-z]/.test(rest)) || field }).toEqual({
				after,
				ok: true,
			});
		},
	);
});

/** Each bold phrase of the README and docs/*.md (outside code blocks) once per document. */
function boldPhrases(): Array<[string, string]> {
	return userTexts()
		.filter(({ file }) => file === 'README.md' || file.startsWith('docs'))
		.flatMap(({ file, text }) => {
			const phrases = [
				...text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').matchAll(/\*\*([^*]+?)\*\*/g),
			]
				.filter((m) => !m[1].includes('\n\n'))
				.map((m) => m[1].replace(/\s+/g, ' ').trim());
			return [...new Set(phrases)].map((phrase): [string, string] => [file, phrase]);
		});
}

// ---------------------------------------------------------------------------------------------
// Names of the panel the README and docs/*.md write in bold (issue 29 §4)

const nodes = [
	new DocumentSigning(),
	new DocumentSigningTrigger(),
	new DocumentSigningPollTrigger(),
];
const credential = new DocumentSigningApi();
const PANEL_NAMES = new Set([
	...nodes.flatMap((node) => [
		node.description.displayName,
		...labels(node.description.properties),
	]),
	credential.displayName,
	...labels(credential.properties),
]);

/** "Resource → Operation" pairs of the action node. */
const RESOURCE_OPERATIONS = new Set(
	RESOURCES.flatMap((resource) =>
		Object.values(resource.operations).map((op) => `${resource.name} → ${op.meta.name}`),
	),
);

/**
 * The docs write a name of the panel (node, credential field, parameter, option, choice, resource or
 * operation) in bold Title Case, **Re-Read Every (Minutes)**, or as **Resource → Operation**; bold in
 * sentence case is emphasis and not checked, nor is a single bold word.
 */

/** Bold Title Case names in the docs that belong to n8n (its nodes, settings and menus). */
const N8N_NAMES = new Set([
	'Community Nodes',
	'Fetch Test Event',
	'HTTP Request',
	'MCP Server Trigger',
	'Poll Times',
	'Predefined Credential Type',
	'Retry On Fail',
	'Schedule Trigger',
	'Settings → Community Nodes → Install',
]);

const SMALL_WORDS = new Set([
	'a',
	'an',
	'and',
	'as',
	'by',
	'for',
	'in',
	'of',
	'on',
	'or',
	'the',
	'to',
]);

/** A bold phrase that names something of the panel: Title Case, two words or more, or with →. */
function looksLikePanelName(phrase: string): boolean {
	if (phrase.includes('→')) return true;
	const words = phrase.split(/\s+/);
	if (words.length < 2) return false;
	return words.every((w) => SMALL_WORDS.has(w) || /^[A-Z0-9("]/.test(w));
}

function panelNameExists(phrase: string): boolean {
	if (PANEL_NAMES.has(phrase) || N8N_NAMES.has(phrase)) return true;
	const parts = phrase.split(/\s*→\s*/);
	if (parts.length < 2) return false;
	// "Signing Request → Send and Wait for Completion", "Workspace → Get / Get Many" (both),
	// "Options → Re-Read Every (Minutes)".
	const [resource, ...rest] = parts;
	const alternatives = rest.length === 1 ? rest[0].split(' / ') : [rest.join(' → ')];
	return (
		alternatives.every((op) => RESOURCE_OPERATIONS.has(`${resource} → ${op}`)) ||
		parts.every((part) => PANEL_NAMES.has(part))
	);
}

describe('names of the panel the docs write in bold', () => {
	const named = boldPhrases().filter(([, phrase]) => looksLikePanelName(phrase));

	it('finds names to check, and would catch a wrong one', () => {
		expect(named.length).toBeGreaterThan(30);
		expect(looksLikePanelName('Re-Read Interval')).toBe(true);
		expect(panelNameExists('Re-Read Interval')).toBe(false);
		expect(looksLikePanelName('Nothing acknowledged is lost')).toBe(false);
	});

	it.each(named)('%s: **%s** is a name of the nodes, the credential or n8n', (_file, phrase) => {
		expect({ phrase, exists: panelNameExists(phrase) }).toEqual({ phrase, exists: true });
	});
});

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
