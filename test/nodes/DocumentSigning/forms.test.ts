import { createHash } from 'crypto';
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import type { IDisplayOptions, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES } from '../../../nodes/DocumentSigning/actions/operations';

/**
 * The form of every resource/operation stays the same whatever way the node's properties are
 * assembled: for each operation, the top-level parameters n8n shows (resource and operation
 * conditions of displayOptions evaluated), in order, with their full definitions apart from those
 * two conditions; nested parameters (collection options, fixedCollection values, at any depth)
 * likewise (their `/resource` and `/operation` conditions evaluated and taken off). Compared with fixtures/forms.json; regenerate it (only for a deliberate UI
 * change) with UPDATE_FORMS=1 npx jest test/nodes/DocumentSigning/forms.test.ts, then format it
 * with npx prettier --write test/nodes/DocumentSigning/fixtures/forms.json.
 */

const FIXTURE = join(__dirname, 'fixtures', 'forms.json');

type Values = IDisplayOptions['show'];

function allows(values: Values, key: string, value: string): boolean {
	const list = values?.[key];
	return list === undefined || list.includes(value);
}

function denies(values: Values, key: string, value: string): boolean {
	const list = values?.[key];
	return list !== undefined && list.includes(value);
}

/** The displayOptions without the resource/operation conditions (undefined when nothing is left). */
function otherConditions(
	options: IDisplayOptions | undefined,
	keys = ['resource', 'operation'],
): IDisplayOptions | undefined {
	if (!options) return undefined;
	const result: IDisplayOptions = {};
	for (const kind of ['show', 'hide'] as const) {
		const values = options[kind];
		if (!values) continue;
		const rest = Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key)));
		if (Object.keys(rest).length > 0) result[kind] = rest;
	}
	return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * Nested parameters (a collection's options, a fixedCollection's values, at any depth) as one
 * resource/operation sees them: those whose root conditions (`/resource`, `/operation`) leave them
 * out are dropped, those conditions taken off the others.
 */
function nestedFor(
	options: INodeProperties[],
	resource: string,
	operation: string,
): INodeProperties[] {
	return options.flatMap((option) => {
		const { displayOptions, ...rest } = option;
		const own = withNested(rest, resource, operation);
		if (!displayOptions) return [own];
		const { show, hide } = displayOptions;
		const shown =
			allows(show, '/resource', resource) &&
			allows(show, '/operation', operation) &&
			!denies(hide, '/resource', resource) &&
			!denies(hide, '/operation', operation);
		if (!shown) return [];
		const other = otherConditions(displayOptions, ['/resource', '/operation']);
		return [other ? { ...own, displayOptions: other } : own];
	});
}

/** A parameter with its nested parameters as one resource/operation sees them. */
function withNested<T extends Partial<INodeProperties>>(
	parameter: T,
	resource: string,
	operation: string,
): T {
	if (parameter.type === 'collection' && Array.isArray(parameter.options)) {
		return {
			...parameter,
			options: nestedFor(parameter.options as INodeProperties[], resource, operation),
		};
	}
	if (parameter.type === 'fixedCollection' && Array.isArray(parameter.options)) {
		const groups = parameter.options as INodePropertyCollection[];
		return {
			...parameter,
			options: groups.map((group) => ({
				...group,
				values: nestedFor(group.values, resource, operation),
			})),
		};
	}
	return parameter;
}

/** The parameters shown for one resource/operation, in order. */
export function formOf(
	properties: INodeProperties[],
	resource: string,
	operation: string,
): INodeProperties[] {
	return properties
		.filter((p) => {
			const { show, hide } = p.displayOptions ?? {};
			return (
				allows(show, 'resource', resource) &&
				allows(show, 'operation', operation) &&
				!denies(hide, 'resource', resource) &&
				!denies(hide, 'operation', operation)
			);
		})
		.map((p) => {
			const { displayOptions, ...rest } = p;
			const other = otherConditions(displayOptions);
			const own = withNested(rest, resource, operation);
			return other ? { ...own, displayOptions: other } : own;
		});
}

interface Form {
	parameters: string[];
	sha256: string;
}

function forms(): Record<string, Form> {
	const { properties } = new DocumentSigning().description;
	const result: Record<string, Form> = {};
	for (const resource of RESOURCES) {
		for (const op of Object.values(resource.operations)) {
			const form = formOf(properties, resource.value, op.meta.value);
			result[`${resource.value}.${op.meta.value}`] = {
				parameters: form.map((p) => p.name),
				sha256: createHash('sha256').update(JSON.stringify(form)).digest('hex'),
			};
		}
	}
	return result;
}

describe('the form of each operation', () => {
	const actual = forms();

	if (process.env.UPDATE_FORMS === '1') {
		writeFileSync(FIXTURE, JSON.stringify(actual, null, '\t') + '\n');
	}
	const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, Form>;

	it('covers the same operations', () => {
		expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
	});

	it.each(Object.keys(expected))('%s: same parameters, order and definitions', (key) => {
		expect(actual[key]).toEqual(expected[key]);
	});

	it('sees a change in a definition', () => {
		const { properties } = new DocumentSigning().description;
		const [resource] = RESOURCES;
		const op = Object.values(resource.operations).find(
			(o) => formOf(properties, resource.value, o.meta.value).length > 2,
		)!;
		const before = formOf(properties, resource.value, op.meta.value);
		const changed = properties.map((p) =>
			p === properties.find((q) => q.name === before[2].name && before[2].type === q.type)
				? { ...p, description: `${p.description ?? ''}!` }
				: p,
		);
		expect(formOf(changed, resource.value, op.meta.value)).not.toEqual(before);
	});

	it('sees a collection option shown for an operation that does not have it', () => {
		const { properties } = new DocumentSigning().description;
		const optionsOf = (p: INodeProperties) => p.options as INodeProperties[];
		const shared = properties.find(
			(p) =>
				p.type === 'collection' && optionsOf(p).some((o) => o.displayOptions?.show?.['/operation']),
		)!;
		// An operation of the merged collection that one of its options is not shown for.
		const operation = shared.displayOptions!.show!.operation!.find((op) =>
			optionsOf(shared).some((o) => o.displayOptions?.show?.['/operation']?.includes(op) === false),
		) as string;
		const resource = RESOURCES.find((r) => r.operations[operation])!.value;
		const before = formOf(properties, resource, operation);
		const unrestricted = properties.map((p) =>
			p === shared ? { ...p, options: optionsOf(p).map(({ displayOptions: _, ...o }) => o) } : p,
		);
		expect(formOf(unrestricted, resource, operation)).not.toEqual(before);
	});
});

describe('formOf', () => {
	const value = (name: string, operations?: string[]): INodeProperties => ({
		displayName: name,
		name,
		type: 'string',
		default: '',
		...(operations && { displayOptions: { show: { '/operation': operations } } }),
	});
	const list: INodeProperties = {
		displayName: 'List',
		name: 'list',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		displayOptions: { show: { operation: ['a', 'b'] } },
		options: [
			{
				displayName: 'Item',
				name: 'item',
				values: [
					value('both'),
					value('onlyA', ['a']),
					{
						displayName: 'More',
						name: 'more',
						type: 'collection',
						default: {},
						options: [value('moreB', ['b']), value('moreBoth')],
					},
				],
			},
		],
	};
	const names = (form: INodeProperties[]) =>
		(form[0].options as INodePropertyCollection[])[0].values.map((v) =>
			v.type === 'collection'
				? `${v.name}(${(v.options as INodeProperties[]).map((o) => o.name).join(',')})`
				: v.name,
		);

	it("evaluates root conditions of a fixedCollection's values and their nested options", () => {
		expect(names(formOf([list], 'r', 'a'))).toEqual(['both', 'onlyA', 'more(moreBoth)']);
		expect(names(formOf([list], 'r', 'b'))).toEqual(['both', 'more(moreB,moreBoth)']);
		// The root conditions are taken off what is shown, the other conditions kept.
		const [item] = (formOf([list], 'r', 'a')[0].options as INodePropertyCollection[])[0].values;
		expect(item).toEqual(value('both'));
		const onlyA = (formOf([list], 'r', 'a')[0].options as INodePropertyCollection[])[0].values[1];
		expect(onlyA).toEqual(value('onlyA'));
	});
});
