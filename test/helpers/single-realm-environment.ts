/**
 * Jest test environment that runs every test file in the worker's own realm (no node:vm context
 * per file), so that n8n-workflow and n8n-core can be loaded once per worker instead of once per
 * test file (see ./native-modules.ts; together they save about 1.5 s of CPU per test file).
 *
 * Jest's default 'node' environment gives each file a fresh vm context: objects made by a module
 * loaded natively (outside jest's registry) would then come from another realm than the test's
 * (`instanceof Error`, `Array`, `Date` and `toStrictEqual` comparisons break). Here the test code,
 * the modules jest loads for it and the natively loaded ones share one set of globals. Jest still
 * gives every test file its own module registry (our nodes, the kit and the sandbox are loaded
 * afresh per file); what the files share is the worker's globals and the native modules.
 * What each file changes on the globals is undone at its end: fake timers, jest's `console` and
 * wrapped `process.exit`; `jest.spyOn` on shared objects is restored by ./native-modules.ts.
 *
 * jest-runtime runs each module with `script.runInContext(environment.getVmContext())`; the
 * context returned here is only a marker, and `runInContext` with it runs the script in this
 * realm (the approach of the npm package jest-environment-node-single-context, without turning
 * the real global object into a vm context).
 */
import { Script, createContext } from 'node:vm';
import type { Context } from 'node:vm';

import type { EnvironmentContext, JestEnvironment, JestEnvironmentConfig } from '@jest/environment';
import { LegacyFakeTimers, ModernFakeTimers } from '@jest/fake-timers';
import type { Global } from '@jest/types';
import { ModuleMocker } from 'jest-mock';

const thisRealm: WeakSet<Context> = new WeakSet();
const runInContext = Script.prototype.runInContext;
Script.prototype.runInContext = function (this: Script, context, options) {
	return thisRealm.has(context)
		? this.runInThisContext(options)
		: runInContext.call(this, context, options);
};

// What jest's installCommonGlobals puts on a fresh context's global: the helpers jest-circus and
// expect read through `Symbol.for(...)`. Defined once: the real global outlives the test files.
const jestNative = Symbol.for('jest-native-promise');
if (!(jestNative in globalThis)) {
	/* eslint-disable @typescript-eslint/no-require-imports */
	const fs = require('node:fs') as typeof import('node:fs');
	/* eslint-enable @typescript-eslint/no-require-imports */
	Object.defineProperties(globalThis, {
		[jestNative]: { value: Promise },
		[Symbol.for('jest-native-now')]: { value: Date.now.bind(Date) },
		[Symbol.for('jest-native-read-file')]: { value: fs.readFileSync.bind(fs) },
		[Symbol.for('jest-native-write-file')]: { value: fs.writeFileSync.bind(fs) },
		[Symbol.for('jest-native-exists-file')]: { value: fs.existsSync.bind(fs) },
		'jest-symbol-do-not-touch': { value: Symbol },
	});
}

// jest-runner sets every file's `console` and wraps its `process.exit` on the environment's global,
// here the process's own: put them back after the file (with `-w 1` that process is jest itself).
const processConsole = globalThis.console;
const processExit = process.exit;
const timerRef = (id: number) => ({
	id,
	ref() {
		return this;
	},
	unref() {
		return this;
	},
});

export default class SingleRealmEnvironment implements JestEnvironment<number> {
	global = globalThis as unknown as Global.Global;
	moduleMocker: ModuleMocker | null;
	fakeTimers: LegacyFakeTimers<number> | null;
	fakeTimersModern: ModernFakeTimers | null;
	private context: Context | null = createContext();

	constructor(config: JestEnvironmentConfig, _context: EnvironmentContext) {
		thisRealm.add(this.context!);
		const { projectConfig } = config;
		Object.assign(globalThis, projectConfig.globals);
		this.moduleMocker = new ModuleMocker(globalThis);
		this.fakeTimers = new LegacyFakeTimers({
			config: projectConfig,
			global: globalThis,
			moduleMocker: this.moduleMocker,
			timerConfig: { idToRef: timerRef, refToId: (timer) => timer?.id },
		});
		this.fakeTimersModern = new ModernFakeTimers({ config: projectConfig, global: globalThis });
	}

	async setup(): Promise<void> {}

	async teardown(): Promise<void> {
		this.fakeTimers?.dispose();
		this.fakeTimersModern?.dispose();
		globalThis.console = processConsole;
		process.exit = processExit;
		this.context = null;
		this.fakeTimers = null;
		this.fakeTimersModern = null;
		this.moduleMocker = null;
	}

	exportConditions(): string[] {
		return ['node', 'node-addons'];
	}

	getVmContext(): Context | null {
		return this.context;
	}
}
