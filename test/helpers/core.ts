/**
 * n8n-core, loaded on first use: a jest worker whose test files never run the node (the
 * description, domain and sandbox tests, `test/docs/examples.test.ts` reading `defaultVersion` from
 * ./n8n.ts) does not pay for loading it (about a second of CPU; once per worker, ./native-modules.ts).
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
