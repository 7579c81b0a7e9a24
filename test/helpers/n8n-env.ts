/**
 * Process-wide n8n-core environment for the test harness.
 *
 * n8n-core pulls several singletons out of its DI container while a node runs:
 *   - `Logger`              (`this.logger` in every node context)
 *   - `InstanceSettings`    (read by every NodeExecutionContext constructor)
 *   - `ErrorReporter`       (WorkflowExecute reports node errors to it)
 *   - `BinaryDataConfig` / `BinaryDataService` (prepareBinaryData, getBinaryDataBuffer, ...)
 * In n8n these are built from env vars and the `~/.n8n` folder. Here we register harmless
 * instances so nothing is read from or written to the user's home folder: a recording no-op
 * logger, instance settings pointing at a temp folder, a silent error reporter, and the REAL
 * BinaryDataService whose filesystem storage lives in that temp folder.
 *
 * IMPORTANT: n8n-core ships its own nested copies of `@n8n/di` and `@n8n/backend-common`
 * (node_modules/n8n-core/node_modules/@n8n/...). Registering services in the top-level
 * `@n8n/di` would be invisible to n8n-core, so those packages are required from n8n-core's
 * own location.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type {
	BinaryDataConfig,
	BinaryDataService,
	ErrorReporter,
	InstanceSettings,
} from 'n8n-core';
import { LoggerProxy } from 'n8n-workflow';

import { core } from './core';
import { nativeRequire } from './native-modules';
import './regex-engine';

const coreDir = path.dirname(nativeRequire.resolve('n8n-core'));

/**
 * `require` a package exactly as n8n-core itself resolves it, with Node's `require`: n8n-core is
 * loaded natively (./native-modules.ts), so its `@n8n/di` is Node's instance, not a jest copy.
 */
function requireFromCore<T>(id: string): T {
	return nativeRequire(nativeRequire.resolve(id, { paths: [coreDir] })) as T;
}

// Minimal shapes of the two modules: they are n8n-core's own dependencies, not ours, so their
// type declarations are not resolvable from here.
interface DiModule {
	Container: { set(token: unknown, value: unknown): void; get<T>(token: unknown): T };
}
interface BackendCommonModule {
	Logger: abstract new (...args: never[]) => unknown;
}

/**
 * Binary data modes as n8n-core 2.41 names them in its config (`N8N_DEFAULT_BINARY_DATA_MODE`):
 * - 'default':    binary kept inline in the item, base64 in `binary.data`, no `id`.
 * - 'filesystem': stored on disk; the service upgrades it internally to 'filesystem-v2', so
 *                 items get `binary.id = 'filesystem-v2:workflows/<wf>/executions/<ex>/binary_data/<uuid>'`
 *                 and `binary.data = 'filesystem-v2'` (a marker, not the content).
 */
export type HarnessBinaryMode = 'default' | 'filesystem';

export interface LogEntry {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
	metadata?: unknown;
}

/** Everything logged through `this.logger` / n8n's LoggerProxy since the last `clearLogs()`. */
export const logs: LogEntry[] = [];
export function clearLogs(): void {
	logs.length = 0;
}

function createRecordingLogger() {
	const record = (level: LogEntry['level']) => (message: string, metadata?: unknown) => {
		logs.push({ level, message, metadata });
	};
	const logger = {
		error: record('error'),
		warn: record('warn'),
		info: record('info'),
		debug: record('debug'),
		scoped: () => logger,
		getInternalLogger: () => undefined,
	};
	return logger;
}

interface HarnessEnvironment {
	tempDir: string;
	binaryDataConfig: BinaryDataConfig;
	binaryDataService: BinaryDataService;
}

let environment: HarnessEnvironment | undefined;

/**
 * Registers the n8n-core singletons once per test file (this module is loaded afresh for every
 * test file; n8n-core is shared by the files of a jest worker, so every file registers its own
 * logger and temp folder in it again). Synchronous on purpose so that `createExecuteContext` can
 * stay synchronous.
 */
export function ensureEnvironment(): HarnessEnvironment {
	if (environment) return environment;

	const tempDir = mkdtempSync(path.join(os.tmpdir(), 'n8n-harness-'));
	const n8nFolder = path.join(tempDir, '.n8n');
	const storagePath = path.join(n8nFolder, 'binaryData');
	mkdirSync(storagePath, { recursive: true });

	const { Container } = requireFromCore<DiModule>('@n8n/di');
	const { Logger } = requireFromCore<BackendCommonModule>('@n8n/backend-common');
	const { BinaryDataConfig, BinaryDataService, ErrorReporter, InstanceSettings } = core();

	const logger = createRecordingLogger();
	Container.set(Logger, logger);
	LoggerProxy.init(logger);

	// The real InstanceSettings constructor reads/creates ~/.n8n/config; fill the fields the
	// execution contexts and the Cipher use instead.
	const instanceSettings = Object.assign(Object.create(InstanceSettings.prototype) as object, {
		n8nFolder,
		staticCacheDir: path.join(tempDir, '.cache'),
		customExtensionDir: path.join(n8nFolder, 'custom'),
		nodesDownloadDir: path.join(n8nFolder, 'nodes'),
		instanceId: 'harness-instance',
		derivedInstanceId: 'harness-instance',
		hmacSignatureSecret: 'harness-hmac-secret',
		instanceType: 'main',
		instanceRole: 'leader',
		hostId: 'main-harness',
		settings: { encryptionKey: 'harness-encryption-key' },
	}) as unknown as InstanceSettings;
	Container.set(InstanceSettings, instanceSettings);

	const errorReporter = {
		error: () => undefined,
		warn: () => undefined,
		info: () => undefined,
	} as unknown as ErrorReporter;
	Container.set(ErrorReporter, errorReporter);

	// The real BinaryDataConfig derives its defaults from env vars + InstanceSettings; build the
	// plain values instead (same fields as n8n-core's class).
	const binaryDataConfig = Object.assign(Object.create(BinaryDataConfig.prototype) as object, {
		mode: 'default',
		availableModes: ['filesystem'],
		localStoragePath: storagePath,
		signingSecret: 'harness-signing-secret',
		dbMaxFileSize: 512,
	}) as unknown as BinaryDataConfig;
	Container.set(BinaryDataConfig, binaryDataConfig);

	const binaryDataService = new BinaryDataService(
		binaryDataConfig,
		errorReporter,
		logger as unknown as ConstructorParameters<typeof BinaryDataService>[2],
	);
	// `init()` registers the filesystem manager synchronously (only its mkdir is async and the
	// folder already exists), so ids like 'filesystem-v2:...' can be read back in every mode.
	void binaryDataService.init();
	Container.set(BinaryDataService, binaryDataService);

	environment = { tempDir, binaryDataConfig, binaryDataService };
	return environment;
}

/** Deletes the temp folder (binaries on disk). Runs automatically after each test file. */
export function cleanupEnvironment(): void {
	if (!environment) return;
	rmSync(environment.tempDir, { recursive: true, force: true });
	environment = undefined;
}

// Registered when a test file imports the harness (jest gives each file its own module registry).
if (typeof afterAll === 'function') afterAll(() => cleanupEnvironment());

/**
 * Switches the mode n8n-core's BinaryDataService uses for NEW binary data (the equivalent of
 * `N8N_DEFAULT_BINARY_DATA_MODE`). Reading existing binaries works in any mode.
 */
export async function setBinaryMode(mode: HarnessBinaryMode): Promise<void> {
	const env = ensureEnvironment();
	if (env.binaryDataConfig.mode === mode) return;
	env.binaryDataConfig.mode = mode;
	await env.binaryDataService.init(); // re-reads config.mode ('filesystem' -> 'filesystem-v2')
}

/** Synchronous variant for `createExecuteContext` (see the note on `init()` above). */
export function setBinaryModeSync(mode: HarnessBinaryMode): void {
	void setBinaryMode(mode);
}

export function getBinaryDataService(): BinaryDataService {
	return ensureEnvironment().binaryDataService;
}

/** Folder holding filesystem-mode binaries (`<tempDir>/.n8n/binaryData`). */
export function getBinaryStoragePath(): string {
	return ensureEnvironment().binaryDataConfig.localStoragePath;
}
