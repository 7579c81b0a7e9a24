/**
 * n8n-core, loaded on first use. The full runner (./n8n.ts) and its environment need it; the
 * light harness (./light.ts) and the helpers that work without it (binaryItem and readBinary in
 * the default binary mode) do not, so a test file that never runs a whole workflow never pays
 * for loading it (about a second of CPU per jest file).
 */
import { appendFileSync } from 'node:fs';

import type * as N8nCore from 'n8n-core';

let loaded: typeof N8nCore | undefined;

export function core(): typeof N8nCore {
	if (!loaded) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		loaded = require('n8n-core') as typeof N8nCore;
		// `HARNESS_CORE_LOG=/tmp/core.log npx jest` lists the test files that loaded n8n-core.
		const log = process.env.HARNESS_CORE_LOG;
		if (log) appendFileSync(log, `${expect.getState().testPath ?? '?'}\n`);
	}
	return loaded;
}

/** Whether n8n-core has been loaded in this jest module registry (for the harness's own checks). */
export function coreLoaded(): boolean {
	return loaded !== undefined;
}
