import { existsSync, readdirSync, readFileSync } from 'fs';
import * as path from 'path';

import { DocumentSigningApi } from '../../credentials/DocumentSigningApi.credentials';
import { DocumentSigning } from '../../nodes/DocumentSigning/DocumentSigning.node';
import { DocumentSigningPollTrigger } from '../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import { headingAnchors, REPOSITORY, ROOT, target } from './github';

/**
 * Every link into this repository that the nodes and the credential carry (the codex files' "Docs"
 * links, the credential's documentationUrl, links in descriptions and notices) resolves: its file
 * exists, and its anchor is one GitHub makes from a heading of that file (issue 27 §2: `#trigger`
 * and `#poll-trigger` led nowhere).
 */
/** Every string inside a value (descriptions, notices, codex files). */
function strings(value: unknown, out: string[] = []): string[] {
	if (typeof value === 'string') out.push(value);
	else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
	else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
	return out;
}

function carriedLinks(): Array<{ where: string; url: string }> {
	const sources: Array<[string, unknown]> = [
		['Document Signing', new DocumentSigning().description],
		['Document Signing Trigger', new DocumentSigningTrigger().description],
		['Document Signing Poll Trigger', new DocumentSigningPollTrigger().description],
		['credential', { ...new DocumentSigningApi() }],
	];
	for (const dir of readdirSync(path.join(ROOT, 'nodes'))) {
		for (const file of readdirSync(path.join(ROOT, 'nodes', dir)).filter((f) =>
			f.endsWith('.node.json'),
		)) {
			sources.push([
				`nodes/${dir}/${file}`,
				JSON.parse(readFileSync(path.join(ROOT, 'nodes', dir, file), 'utf8')),
			]);
		}
	}
	const linkPattern = new RegExp(
		`${REPOSITORY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>)]*`,
		'g',
	);
	return sources.flatMap(([where, value]) =>
		strings(value).flatMap((text) =>
			[...text.matchAll(linkPattern)].map((m) => ({ where, url: m[0] })),
		),
	);
}

describe('links the nodes and the credential carry', () => {
	const links = carriedLinks();

	it('finds the codex and credential links', () => {
		const where = new Set(links.map((l) => l.where));
		for (const codex of [
			'nodes/DocumentSigning/DocumentSigning.node.json',
			'nodes/DocumentSigningTrigger/DocumentSigningTrigger.node.json',
			'nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node.json',
			'credential',
		])
			expect(where.has(codex)).toBe(true);
	});

	it.each(links.map(({ where, url }) => [where, url]))('%s: %s resolves', (_where, url) => {
		const { file, anchor } = target(url);
		expect(existsSync(path.join(ROOT, file))).toBe(true);
		if (anchor === undefined || anchor === '') return;
		const anchors = headingAnchors(readFileSync(path.join(ROOT, file), 'utf8'));
		expect({ url, anchor: anchors.has(anchor) ? anchor : undefined }).toEqual({ url, anchor });
	});
});

/** Relative links of the README and docs/*.md (`[text](docs/x.md#anchor)`), outside code blocks. */
function markdownLinks(): Array<{ where: string; link: string; file: string; anchor?: string }> {
	const documents = [
		'README.md',
		...readdirSync(path.join(ROOT, 'docs'))
			.filter((f) => f.endsWith('.md'))
			.map((f) => `docs/${f}`),
	];
	return documents.flatMap((where) => {
		const text = readFileSync(path.join(ROOT, where), 'utf8').replace(
			/^```[^\n]*\n[\s\S]*?^```$/gm,
			'',
		);
		return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
			.map((m) => m[1])
			.filter((link) => !/^[a-z]+:/.test(link))
			.map((link) => {
				const [address, anchor] = link.split('#');
				const file =
					address === ''
						? where
						: path.posix.normalize(path.posix.join(path.posix.dirname(where), address));
				return { where, link, file, anchor };
			});
	});
}

describe('links between the README and the docs', () => {
	const links = markdownLinks();

	it('finds the links', () => {
		expect(links.length).toBeGreaterThan(50);
		expect(links.some((l) => l.where === 'README.md' && l.file === 'docs/triggers.md')).toBe(true);
	});

	it.each(links.map((l) => [l.where, l.link, l]))(
		'%s: %s resolves',
		(_where, link, { file, anchor }) => {
			expect({ link, file, exists: existsSync(path.join(ROOT, file)) }).toEqual({
				link,
				file,
				exists: true,
			});
			if (anchor === undefined || anchor === '') return;
			const anchors = headingAnchors(readFileSync(path.join(ROOT, file), 'utf8'));
			expect({ link, anchor: anchors.has(anchor) ? anchor : undefined }).toEqual({ link, anchor });
		},
	);
});

describe('GitHub heading anchors', () => {
	it('are made as GitHub makes them', () => {
		const anchors = headingAnchors(
			[
				'# n8n-nodes-document-signing',
				'## A first workflow',
				'### AI agents',
				'## Send and Wait (for `completion`)',
				'## Triggers',
				'## Triggers',
				'```',
				'# not a heading',
				'```',
			].join('\n'),
		);
		expect([...anchors]).toEqual([
			'n8n-nodes-document-signing',
			'a-first-workflow',
			'ai-agents',
			'send-and-wait-for-completion',
			'triggers',
			'triggers-1',
		]);
	});
});
