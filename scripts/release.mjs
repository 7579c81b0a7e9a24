#!/usr/bin/env node
// `npm run release -- <patch|minor|major|x.y.z> [--dry-run]`
//
// Prepares a release on a clean main branch: checks that CHANGELOG.md has notes under
// "## [Unreleased]", sets the new version in package.json and package-lock.json, moves the notes
// under "## [x.y.z] - <date>", runs build, lint, typecheck, unit tests and n8n's scan, then commits
// "Release x.y.z" and tags vx.y.z. It does not push and does not publish: `git push --follow-tags`
// starts CI, which publishes the tag to npm with provenance once every test passed.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const bump = args.find((a) => !a.startsWith('--'));

function fail(message) {
	console.error(`release: ${message}`);
	process.exit(1);
}

function sh(cmd, cmdArgs, opts = {}) {
	return execFileSync(cmd, cmdArgs, { cwd: root, encoding: 'utf8', ...opts });
}

function nextVersion(current, how) {
	if (/^\d+\.\d+\.\d+$/.test(how)) return how;
	const [major, minor, patch] = current.split('.').map(Number);
	if (how === 'major') return `${major + 1}.0.0`;
	if (how === 'minor') return `${major}.${minor + 1}.0`;
	if (how === 'patch') return `${major}.${minor}.${patch + 1}`;
	return undefined;
}

/** Moves the Unreleased notes under a heading for `version`; undefined when there are none. */
function releaseChangelog(text, version, date) {
	const match = /^## \[Unreleased\][^\n]*\n([\s\S]*?)(?=^## \[)/m.exec(text);
	if (!match || match[1].trim() === '') return undefined;
	return text.replace(match[0], `## [Unreleased]\n\n## [${version}] - ${date}\n${match[1]}`);
}

if (!bump) fail('say which version: npm run release -- <patch|minor|major|x.y.z> [--dry-run]');
const pkgPath = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
const version = nextVersion(pkg.version, bump);
if (!version) fail(`"${bump}" is not patch, minor, major or a version like 1.2.3`);

const branch = sh('git', ['rev-parse', '--abbrev-ref', 'HEAD']).trim();
if (branch !== 'main' && !dryRun) fail(`release from main (this is ${branch})`);
if (sh('git', ['status', '--porcelain']).trim() !== '' && !dryRun)
	fail('the work tree has uncommitted changes');
if (sh('git', ['tag', '--list', `v${version}`]).trim() !== '') fail(`tag v${version} exists`);

const changelogPath = join(root, 'CHANGELOG.md');
const date = new Date().toISOString().slice(0, 10);
const changelog = releaseChangelog(readFileSync(changelogPath, 'utf8'), version, date);
if (!changelog) fail('CHANGELOG.md has no notes under "## [Unreleased]"');

console.log(`Releasing ${pkg.name} ${pkg.version} → ${version}${dryRun ? ' (dry run)' : ''}`);
for (const script of ['build', 'lint', 'typecheck', 'test', 'scan']) {
	console.log(`\n== npm run ${script}`);
	sh('npm', ['run', script], { stdio: 'inherit' });
}
if (dryRun) {
	console.log(
		`\nDry run: would set version ${version}, update CHANGELOG.md, commit and tag v${version}.`,
	);
	process.exit(0);
}
sh('npm', ['version', version, '--no-git-tag-version'], { stdio: 'inherit' });
writeFileSync(changelogPath, changelog);
sh('git', ['add', 'package.json', 'package-lock.json', 'CHANGELOG.md']);
sh('git', ['commit', '-m', `Release ${version}`], { stdio: 'inherit' });
sh('git', ['tag', '-a', `v${version}`, '-m', `Release ${version}`], { stdio: 'inherit' });
console.log(`\nTagged v${version}. Push it to publish: git push --follow-tags`);
