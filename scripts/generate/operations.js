// @ts-check
/**
 * The operation lists of the documentation, generated from the node's one list of operations
 * (nodes/DocumentSigning/actions/operations.ts) and the API reference's catalogue
 * (api/catalogue.json), so they cannot drift:
 * - docs/operations.md, marker `operations`: every operation with its API call and operationId;
 * - README.md, marker `operations-overview`: the operations grouped by area, names only.
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');

const CATALOGUE = path.join(__dirname, '../../api/catalogue.json');
/** The API reference revision the catalogue holds. */
const REFERENCE_REVISION = '01.38.00';

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

/** The overview's order: what most workflows use first. */
const OVERVIEW_AREAS = [
	'Signing Requests',
	'Templates',
	'Webhooks',
	'Custom Fields',
	'Workspaces',
	'Workspace Settings',
	'Company',
	'Email Domains',
	'Email Templates',
	'Organization Seals',
	'Signer Terms',
	'JWT Management',
];

/**
 * Every operation of the node, by area (the service's order) and then in the reference's order.
 * @param {import('./index').Load} load
 */
function rows(load) {
	const { RESOURCES } = load('nodes/DocumentSigning/actions/operations');
	/** @type {{ operationId: string }[]} */
	const catalogue = JSON.parse(readFileSync(CATALOGUE, 'utf8'));
	/** @param {string} value */
	const refOrder = (value) => {
		const index = catalogue.findIndex((c) => c.operationId === value);
		return index < 0 ? Number.MAX_SAFE_INTEGER : index;
	};
	for (const resource of RESOURCES) {
		if (!AREAS.includes(resource.area)) {
			throw new Error(
				`Resource ${resource.name} names "${resource.area}", not an area of the service`,
			);
		}
	}
	/** @type {{ resource: any, op: any }[]} */
	const all = RESOURCES.flatMap((/** @type {any} */ resource) =>
		Object.values(resource.operations).map((op) => ({ resource, op })),
	);
	all.sort(
		(a, b) =>
			AREAS.indexOf(a.resource.area) - AREAS.indexOf(b.resource.area) ||
			refOrder(a.op.meta.value) - refOrder(b.op.meta.value),
	);
	return { all, catalogue };
}

/** @param {import('./index').Load} load */
function operationsTable(load) {
	const { all, catalogue } = rows(load);
	const own = all.filter(({ op }) => op.meta.composite !== undefined);
	const lines = [
		`${all.length - own.length} of the ${catalogue.length} operations of the API reference (revision ${REFERENCE_REVISION})` +
			(own.length
				? `, plus ${own.length} of the node's own that combine several calls (no operationId): ${own.map(({ op }) => op.meta.name).join(', ')}.`
				: '.'),
		'',
		'| Area | Resource | Operation | API call | operationId |',
		'|---|---|---|---|---|',
		...all.map(
			({ resource, op }) =>
				`| ${resource.area} | ${resource.name} | ${op.meta.name} | ${op.meta.composite ? op.meta.composite.calls.map((/** @type {string} */ call) => `\`${call}\``).join(', ') : `\`${op.meta.method} ${op.meta.path}\``} | ${op.meta.composite ? `none (node operation \`${op.meta.value}\`)` : `\`${op.meta.value}\``} |`,
		),
	];
	return lines.join('\n');
}

/**
 * "Get (Company)", "Get (Workspace)" → "Get (Company, Workspace)", at the first one's place (not
 * where the same name also stands alone: "Create", "Create (Legacy)").
 * @param {string[]} names
 */
function joinQualified(names) {
	/** @type {Map<string, string[]>} */
	const byBase = new Map();
	for (const name of names) {
		const match = /^(.*) \(([^()]+)\)$/.exec(name);
		const [base, qualifier] = match ? [match[1], match[2]] : [name, ''];
		byBase.set(base, [...(byBase.get(base) ?? []), qualifier]);
	}
	return [...byBase].flatMap(([base, qualifiers]) =>
		qualifiers.includes('')
			? qualifiers.map((q) => (q ? `${base} (${q})` : base))
			: [`${base} (${qualifiers.join(', ')})`],
	);
}

/** @param {import('./index').Load} load */
function operationsOverview(load) {
	const { all } = rows(load);
	const lines = ['| Area | Operations |', '|---|---|'];
	for (const area of OVERVIEW_AREAS) {
		const names = all
			.filter(({ resource }) => resource.area === area)
			.map(({ op }) => op.meta.name);
		if (names.length)
			lines.push(`| ${area} (${names.length}) | ${joinQualified(names).join(', ')} |`);
	}
	const missing = AREAS.filter((area) => !OVERVIEW_AREAS.includes(area));
	if (missing.length) throw new Error(`The overview leaves out ${missing.join(', ')}`);
	return lines.join('\n');
}

/** @type {import('./index').Generator} */
module.exports = {
	name: 'operation lists',
	docs: (load) => [
		{ file: 'docs/operations.md', marker: 'operations', text: operationsTable(load) },
		{ file: 'README.md', marker: 'operations-overview', text: operationsOverview(load) },
	],
};
