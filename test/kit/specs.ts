/**
 * One jest test file per folder instead of one per operation.
 *
 * Jest gives every test file its own module registry, so each file loads n8n-workflow, n8n-core
 * (the harness) and the node again: about 2 s of CPU per file before its first test runs. A
 * folder's `<Resource>.resource.test.ts` calls `describeSpecs(__dirname)`, which loads every
 * `*.spec.ts` of the folder inside its own `describe` block, named after the file: the hooks a
 * spec registers at its top level (`useSandbox()`, `beforeAll` fixtures) stay scoped to that
 * spec, exactly as when it was a file of its own, while the heavy modules load once per folder.
 *
 * One spec alone: `npx jest <folder> -t '<file name without .spec.ts>'` (e.g.
 * `-t getTemplate.operation`), or as a file of its own:
 * `npx jest --testMatch '**\/getTemplate.operation.spec.ts'`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

import { cleanupEnvironment } from '../helpers/n8n-env';
import { requireCheckedOutput } from './outputs';

export const SPEC_SUFFIX = '.spec.ts';

/** The `*.spec.ts` files of a folder, sorted. */
export function specFiles(dir: string): string[] {
	return readdirSync(dir)
		.filter((file) => file.endsWith(SPEC_SUFFIX))
		.sort();
}

/** Loads every `*.spec.ts` of `dir`, each inside a `describe` named after the file. */
export function describeSpecs(dir: string): void {
	const files = specFiles(dir);
	if (files.length === 0) throw new Error(`no ${SPEC_SUFFIX} files in ${dir}`);
	for (const file of files) {
		describe(file.slice(0, -SPEC_SUFFIX.length), () => {
			requireCheckedOutput(dir, file);
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			require(path.join(dir, file));
		});
	}
	// The harness's n8n environment (a temp folder for binaries) is made again by the first spec
	// that needs it after an earlier spec's clean-up: remove it once more after the file.
	afterAll(() => cleanupEnvironment());
}
