import { existsSync, readFileSync } from 'fs';
import * as path from 'path';

import { REPO_ROOT } from '../e2e/n8n';

/*
 * The repository's pages as GitHub shows them: which file a link into the repository opens, and
 * the anchors GitHub makes from a Markdown file's headings. The package's homepage is the GitHub
 * repository (package.json), whose own page shows README.md.
 */

/** The repository root (the nearest folder above holding this package's package.json). */
export const ROOT = REPO_ROOT;
export const REPOSITORY = (
	JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { homepage: string }
).homepage.replace(/#.*$/, '');

/**
 * GitHub's anchor of a heading: its text without markup, lower case, punctuation other than `-`
 * and `_` removed, spaces made hyphens; a repeated anchor gets `-1`, `-2`, … (github-slugger).
 */
export function headingAnchors(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const counts = new Map<string, number>();
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
		const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const text = heading[1]
			.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/<[^>]+>/g, '')
			.replace(/[`*]/g, '');
		const slug = text
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const seen = counts.get(slug) ?? 0;
		counts.set(slug, seen + 1);
		anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
	}
	return anchors;
}

/** The repository file and anchor a link points at (README.md for the repository's own page). */
export function target(url: string): { file: string; anchor?: string } {
	const [address, anchor] = url.slice(REPOSITORY.length).split('#');
	const blob = /^\/(?:blob|tree)\/[^/]+\/(.+)$/.exec(address);
	return { file: blob ? decodeURIComponent(blob[1]) : 'README.md', anchor };
}

/**
 * Where a browser lands when it opens `url`: the repository file GitHub shows, and the heading the
 * fragment names ('' without one), or what is wrong (another site, no such file, a fragment that
 * is no heading of the file: the browser then stays at the top of the page).
 */
export function landing(url: string): { file: string; heading: string } | { wrong: string } {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return { wrong: `not a URL: ${url}` };
	}
	const repository = new URL(REPOSITORY);
	if (
		parsed.origin !== repository.origin ||
		!`${parsed.pathname}/`.startsWith(`${repository.pathname}/`)
	)
		return { wrong: `not in the repository ${REPOSITORY}: ${url}` };
	const rest = parsed.pathname.slice(repository.pathname.length);
	const blob = /^\/(?:blob|tree)\/[^/]+\/(.+)$/.exec(rest);
	if (!blob && rest !== '' && rest !== '/')
		return { wrong: `not a page of the repository: ${url}` };
	const file = blob ? decodeURIComponent(blob[1]) : 'README.md';
	if (!/^(README\.md|docs\/[^/]+\.md)$/.test(file) || !existsSync(path.join(ROOT, file)))
		return { wrong: `no README.md or docs/*.md page: ${file}` };
	// The fragment is everything after "#", a query written after it included.
	const fragment = decodeURIComponent(parsed.hash.replace(/^#/, ''));
	if (fragment === '') return { file, heading: '' };
	if (!headingAnchors(readFileSync(path.join(ROOT, file), 'utf8')).has(fragment))
		return { wrong: `"#${fragment}" is no heading of ${file}` };
	return { file, heading: fragment };
}
