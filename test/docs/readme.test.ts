import { readFileSync, writeFileSync } from 'fs';
import * as path from 'path';

import { RESOURCES } from '../../nodes/DocumentSigning/actions/operations';
import { loadCatalogue } from './catalogue';

/**
 * The README's operation table is generated from the node's one list of operations, so it can
 * never drift. Regenerate it with: UPDATE_README=1 npx jest test/docs/readme.test.ts
 */
const README = path.resolve(__dirname, '../../README.md');
const START = '<!-- operations:start -->';
const END = '<!-- operations:end -->';

/** The service's areas, in the order its interface document lists them. */
const AREAS = [
	'Company',
	'Workspaces',
	'Templates',
	'Signing Requests',
	'Custom Fields',
	'Webhooks',
	'JWT Management',
	'Workspace Settings',
	'Email Domains',
	'Email Templates',
	'Organization Seals',
	'Signer Terms',
];

export function operationsTable(): string {
	const catalogue = loadCatalogue();
	const refOrder = (value: string) => {
		const index = catalogue.findIndex((c) => c.operationId === value);
		return index < 0 ? Number.MAX_SAFE_INTEGER : index;
	};
	const rows = RESOURCES.flatMap((resource) =>
		Object.values(resource.operations).map((op) => ({ resource, op })),
	).sort(
		(a, b) =>
			AREAS.indexOf(a.resource.area) - AREAS.indexOf(b.resource.area) ||
			refOrder(a.op.meta.value) - refOrder(b.op.meta.value),
	);
	const own = rows.filter(({ op }) => op.meta.composite !== undefined);
	const lines = [
		`${rows.length - own.length} of the ${catalogue.length} operations of the API reference (revision 01.38.00)` +
			(own.length
				? `, plus ${own.length} of the node's own that combine several calls (no operationId): ${own.map(({ op }) => op.meta.name).join(', ')}.`
				: '.'),
		'',
		'| Area | Resource | Operation | API call | operationId |',
		'|---|---|---|---|---|',
		...rows.map(
			({ resource, op }) =>
				`| ${resource.area} | ${resource.name} | ${op.meta.name} | ${op.meta.composite ? op.meta.composite.calls.map((call) => `\`${call}\``).join(', ') : `\`${op.meta.method} ${op.meta.path}\``} | ${op.meta.composite ? `none (node operation \`${op.meta.value}\`)` : `\`${op.meta.value}\``} |`,
		),
	];
	return lines.join('\n');
}

describe('README', () => {
	it('lists every resource and operation of the node', () => {
		const readme = readFileSync(README, 'utf8');
		const start = readme.indexOf(START);
		const end = readme.indexOf(END);
		expect(start).toBeGreaterThanOrEqual(0);
		expect(end).toBeGreaterThan(start);
		const expected = `${START}\n${operationsTable()}\n${END}`;
		const actual = readme.slice(start, end + END.length);
		if (process.env.UPDATE_README === '1' && actual !== expected) {
			writeFileSync(README, readme.slice(0, start) + expected + readme.slice(end + END.length));
			return;
		}
		expect(actual).toBe(expected);
	});

	it('names only areas of the service', () => {
		for (const resource of RESOURCES) expect(AREAS).toContain(resource.area);
	});
});
