import { readdirSync, readFileSync } from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/**
 * Imports point down (docs/CONTRIBUTING.md, Layout): node folders → actions → domain → helpers →
 * shared. Every relative import (and `export … from`, `import()`, `require()`) of every .ts file
 * under nodes/ and credentials/, as TypeScript's own pre-processor reads it, is checked against
 * these layers:
 *
 * - nodes/shared/ is the bottom: it imports nothing of a node folder;
 * - a node folder (nodes/<Node>/, and credentials/) imports only its own files and nodes/shared/,
 *   never another node folder's files;
 * - inside nodes/DocumentSigning/: the node file and methods/ > actions/ > domain/ > helpers/; a
 *   file imports its own layer or a lower one.
 */
const ROOT = path.resolve(__dirname, '..');
const SOURCE_FOLDERS = ['nodes', 'credentials'];

/** The action node's layers inside its folder, lowest first; anything else there is the top. */
const ACTION_NODE_LAYERS = ['helpers', 'domain', 'actions'] as const;
const TOP = ACTION_NODE_LAYERS.length;

interface Place {
	/** `shared`, the node folder's name (`DocumentSigning`, …), `credentials`, or `outside`. */
	folder: string;
	/** The layer inside the folder (0 unless in the action node's folder). */
	layer: number;
	/** How the place is named in a failure. */
	name: string;
}

/** Where a repository-relative path (forward slashes) sits in the layers. */
function placeOf(file: string): Place {
	const [top, folder, sub] = file.split('/');
	if (top === 'credentials') return { folder: 'credentials', layer: 0, name: 'credentials' };
	if (top !== 'nodes' || sub === undefined) return { folder: 'outside', layer: 0, name: file };
	if (folder === 'shared') return { folder, layer: 0, name: 'nodes/shared' };
	if (folder !== 'DocumentSigning') return { folder, layer: 0, name: `nodes/${folder}` };
	const layer = (ACTION_NODE_LAYERS as readonly string[]).indexOf(sub);
	return layer === -1
		? { folder, layer: TOP, name: `nodes/${folder} (node file, ${sub.replace(/\.ts$/, '')})` }
		: { folder, layer, name: `nodes/${folder}/${sub}` };
}

/** Why an import from `from` of `to` (both repository-relative) points the wrong way, if it does. */
function wrongWay(from: string, to: string): string | undefined {
	const a = placeOf(from);
	const b = placeOf(to);
	if (b.folder === 'outside') return `${a.name} imports from outside nodes/ and credentials/`;
	if (a.folder === 'shared' && b.folder !== 'shared') return `${a.name} → ${b.name}`;
	if (b.folder !== 'shared' && a.folder !== b.folder) return `node folder ${a.name} → ${b.name}`;
	if (a.folder === b.folder && b.layer > a.layer) return `${a.name} → higher ${b.name}`;
	return undefined;
}

function sourceFiles(): string[] {
	return SOURCE_FOLDERS.flatMap((folder) =>
		readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
			.map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name))),
	).map((file) => file.split(path.sep).join('/'));
}

/** The relative imports of one file, resolved to repository-relative paths. */
function importsOf(file: string): Array<{ specifier: string; target: string }> {
	const source = readFileSync(path.join(ROOT, file), 'utf8');
	const { importedFiles } = ts.preProcessFile(source, true, true);
	return importedFiles
		.map((imported) => imported.fileName)
		.filter((specifier) => specifier.startsWith('.'))
		.map((specifier) => ({
			specifier,
			target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
		}));
}

describe('imports point down (node folders → actions → domain → helpers → shared)', () => {
	it('the layers are read as the design names them', () => {
		expect(wrongWay('nodes/shared/enrich.ts', 'nodes/DocumentSigning/actions/x/y.operation')).toBe(
			'nodes/shared → nodes/DocumentSigning/actions',
		);
		expect(
			wrongWay(
				'nodes/DocumentSigningTrigger/catchUp.ts',
				'nodes/DocumentSigningPollTrigger/changes',
			),
		).toBe('node folder nodes/DocumentSigningTrigger → nodes/DocumentSigningPollTrigger');
		expect(
			wrongWay(
				'nodes/DocumentSigningTrigger/lifecycle.ts',
				'nodes/DocumentSigning/actions/webhook/getWebhook.operation',
			),
		).toBe('node folder nodes/DocumentSigningTrigger → nodes/DocumentSigning/actions');
		expect(
			wrongWay(
				'credentials/DocumentSigningApi.credentials.ts',
				'nodes/DocumentSigning/helpers/json',
			),
		).toBe('node folder credentials → nodes/DocumentSigning/helpers');
		expect(
			wrongWay('nodes/DocumentSigning/helpers/json.ts', 'nodes/DocumentSigning/domain/errors'),
		).toBe('nodes/DocumentSigning/helpers → higher nodes/DocumentSigning/domain');
		expect(
			wrongWay('nodes/DocumentSigning/helpers/output.ts', 'nodes/DocumentSigning/actions/types'),
		).toBe('nodes/DocumentSigning/helpers → higher nodes/DocumentSigning/actions');
		expect(
			wrongWay('nodes/DocumentSigning/helpers/list.ts', 'nodes/DocumentSigning/methods/index'),
		).toBe('nodes/DocumentSigning/helpers → higher nodes/DocumentSigning (node file, methods)');
		expect(
			wrongWay('nodes/DocumentSigning/domain/ids.ts', 'nodes/DocumentSigning/actions/types'),
		).toBe('nodes/DocumentSigning/domain → higher nodes/DocumentSigning/actions');
		expect(
			wrongWay(
				'nodes/DocumentSigning/actions/router.ts',
				'nodes/DocumentSigning/DocumentSigning.node',
			),
		).toBe(
			'nodes/DocumentSigning/actions → higher nodes/DocumentSigning (node file, DocumentSigning.node)',
		);
		expect(wrongWay('nodes/shared/url.ts', 'test/sandbox/index')).toBe(
			'nodes/shared imports from outside nodes/ and credentials/',
		);
		// Down, or within a layer: fine.
		for (const [from, to] of [
			['nodes/DocumentSigning/DocumentSigning.node.ts', 'nodes/DocumentSigning/methods/index'],
			[
				'nodes/DocumentSigning/methods/listSearch.ts',
				'nodes/DocumentSigning/actions/x/y.operation',
			],
			['nodes/DocumentSigning/actions/x/y.operation.ts', 'nodes/DocumentSigning/actions/types'],
			['nodes/DocumentSigning/actions/x/y.operation.ts', 'nodes/DocumentSigning/domain/ids'],
			['nodes/DocumentSigning/domain/ids.ts', 'nodes/DocumentSigning/helpers/errors'],
			['nodes/DocumentSigning/domain/ids.ts', 'nodes/DocumentSigning/domain/lists'],
			['nodes/DocumentSigning/helpers/json.ts', 'nodes/shared/transport'],
			['nodes/DocumentSigningTrigger/catchUp.ts', 'nodes/DocumentSigningTrigger/dedup'],
			['nodes/DocumentSigningTrigger/catchUp.ts', 'nodes/shared/changes'],
			['credentials/DocumentSigningApi.credentials.ts', 'nodes/shared/credentialTest'],
			['nodes/shared/enrich.ts', 'nodes/shared/transport'],
		]) {
			expect(wrongWay(from, to)).toBeUndefined();
		}
	});

	it('no import of nodes/ or credentials/ points the wrong way', () => {
		const files = sourceFiles();
		const checked = files.flatMap((file) =>
			importsOf(file).map(({ specifier, target }) => ({ file, specifier, target })),
		);
		const wrong = checked.flatMap(({ file, specifier, target }) => {
			const why = wrongWay(file, target);
			return why === undefined ? [] : [`${file}: '${specifier}' (${why})`];
		});
		// Every operation file and every module was read, with its imports.
		expect(files.length).toBeGreaterThan(150);
		expect(checked.length).toBeGreaterThan(1000);
		expect(wrong).toEqual([]);
	});
});
