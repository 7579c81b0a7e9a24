/**
 * One jest test file per folder (or group of folders) instead of one per operation.
 *
 * Jest gives every test file its own module registry, so each file loads the node, the kit and the
 * sandbox again (n8n-workflow and n8n-core are loaded once per worker: test/helpers/README.md). A
 * folder's test file (`DocumentSigningTrigger.node.test.ts`, …) calls `describeSpecs(__dirname)`,
 * which loads every `*.spec.ts` of the folder inside its own `describe` block, named after the
 * file: the hooks a spec registers at its top level (`useSandbox()`, `beforeAll` fixtures) stay
 * scoped to that spec, exactly as when it was a file of its own, while the modules load once per
 * file. The action node's resource folders go further: three files in
 * `test/nodes/DocumentSigning/actions` (`<Group>.resources.test.ts`, `RESOURCE_GROUPS` below) run
 * them all, each folder inside a `describe` named after it.
 *
 * One resource: `npx jest test/nodes/DocumentSigning/actions -t '^template '`; one spec alone:
 * `npx jest test/nodes/DocumentSigning/actions -t getTemplate.operation`, or as a file of its own:
 * `npx jest --testMatch '**\/getTemplate.operation.spec.ts'`.
 */
import { existsSync, readdirSync } from 'node:fs';
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

/**
 * The resource folders of `test/nodes/DocumentSigning/actions`, in the jest files that run them:
 * each group is one test file (`<Group>.resources.test.ts`), so the node and the kit load once per
 * group instead of once per folder, and the groups are about even so that jest's workers finish
 * together.
 */
export const RESOURCE_GROUPS: Record<string, readonly string[]> = {
	Documents: ['signingRequest', 'template', 'customField'],
	CompanyAndWorkspaces: [
		'company',
		'workspace',
		'workspaceSettings',
		'emailDomain',
		'emailTemplate',
	],
	SealsTokensWebhooksTerms: ['organizationSeal', 'jwt', 'webhook', 'signerTerms'],
};

/**
 * Runs the specs of a group's resource folders (`dir` is the actions folder), each folder inside a
 * `describe` named after it. Fails the file if a folder with specs is in no group (its specs would
 * never run) or a group names a folder that does not exist.
 */
export function describeResourceGroup(dir: string, group: string): void {
	const grouped = Object.values(RESOURCE_GROUPS).flat();
	const withSpecs = readdirSync(dir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && specFiles(path.join(dir, entry.name)).length > 0)
		.map((entry) => entry.name);
	const ungrouped = withSpecs.filter((folder) => !grouped.includes(folder));
	const missing = grouped.filter((folder) => !existsSync(path.join(dir, folder)));
	if (ungrouped.length || missing.length) {
		throw new Error(
			`test/kit/specs.ts RESOURCE_GROUPS: folders with specs in no group: [${ungrouped.join(', ')}]; grouped folders that do not exist: [${missing.join(', ')}]`,
		);
	}
	const folders = RESOURCE_GROUPS[group];
	if (!folders) throw new Error(`no resource group ${group}`);
	for (const folder of folders) {
		describe(folder, () => describeSpecs(path.join(dir, folder)));
	}
}
