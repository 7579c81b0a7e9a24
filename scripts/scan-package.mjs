#!/usr/bin/env node
// `npm run scan`: n8n's verification scan (@n8n/scan-community-package) run locally, before
// publishing. `npx @n8n/scan-community-package <name>` only scans a published version (it checks
// npm provenance, fetches the attested source and downloads the tarball); its analysis is the same
// as here:
//   1. the source: package.json and nodes/, credentials/ (SOURCE_FILE_PATTERNS), and
//   2. the packed tarball (`npm pack`, unpacked): every .js file and package.json.
// Run `npm run build` first. Exits 1 when either part finds anything.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'scan-package-'));
try {
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'inherit'],
		}),
	)[0];
	execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', work]);
	const packageDir = join(work, 'package');
	const jsFiles = packed.files.filter((f) => f.path.endsWith('.js')).length;
	if (jsFiles === 0) throw new Error('The tarball has no .js files: run "npm run build" first.');

	const results = [
		[
			'source (package.json, nodes/, credentials/)',
			await analyzePackage(root, SOURCE_FILE_PATTERNS),
		],
		[
			`tarball ${packed.filename} (${packed.files.length} files, ${jsFiles} .js)`,
			await analyzePackage(packageDir, ['**/*.js', 'package.json']),
		],
	];
	let failed = false;
	for (const [what, result] of results) {
		console.log(
			`${result.passed ? 'ok  ' : 'FAIL'} ${what}${result.message ? `: ${result.message}` : ''}`,
		);
		if (!result.passed) {
			failed = true;
			if (result.details) console.log(result.details);
		}
	}
	console.log(failed ? 'The scan found problems.' : 'The scan found nothing.');
	process.exitCode = failed ? 1 : 0;
} finally {
	rmSync(work, { recursive: true, force: true });
}
