/**
 * Jest setup file (jest.config.js `setupFilesAfterEnv`): `n8n-workflow` and `n8n-core` are loaded by
 * Node's own `require`, once per jest worker, and every test file gets that same instance.
 *
 * Jest evaluates node_modules again for every test file; for these two that is about 0.6 s
 * (n8n-workflow) and 1 s (n8n-core) of CPU per file, most of `npm test`'s CPU. They run in the
 * worker's realm thanks to ./single-realm-environment.ts, so their objects are of the same realm
 * as the test's. What they keep between files is set again by every file that uses it
 * (./n8n-env.ts: the n8n-core DI registrations, LoggerProxy, binary data mode and temp folder;
 * ./regex-engine.ts). n8n-core's own `n8n-workflow` is the same top-level package; the
 * dependencies n8n-env.ts registers through (`@n8n/di`, `@n8n/backend-common`) are loaded with
 * `nativeRequire` too, so they are the instances n8n-core reads.
 */
// Jest's `require('module')` is its own stand-in whose `createRequire` goes through jest's
// registry; `process.getBuiltinModule` (Node 20.16+) gives Node's.
const { createRequire } = process.getBuiltinModule('node:module');

/** Node's `require`, resolving from the repository root: Node's module cache, not jest's. */
export const nativeRequire = createRequire(__filename);

jest.mock('n8n-workflow', () => nativeRequire('n8n-workflow'));
jest.mock('n8n-core', () => nativeRequire('n8n-core'));

// The shared modules outlive a test file: a `jest.spyOn` on them (WorkflowExecute.prototype,
// Date.now) must not reach the next file.
afterAll(() => jest.restoreAllMocks());
