import type { INodeProperties } from 'n8n-workflow';

import {
	mergeIdenticalProperties,
	withoutImpliedResource,
} from '../../../../nodes/DocumentSigning/actions/mergeProperties';

function field(
	name: string,
	resource: string,
	operation: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: name,
		name,
		type: 'string',
		default: '',
		...extra,
		displayOptions: {
			...extra.displayOptions,
			show: { ...extra.displayOptions?.show, resource: [resource], operation: [operation] },
		},
	};
}

const dropdown = (resource: string): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	options: [],
	default: '',
	displayOptions: { show: { resource: [resource] } },
});

const summary = (properties: INodeProperties[]) =>
	properties.map((p) => `${p.name}:${(p.displayOptions?.show?.operation ?? []).join('+')}`);

describe('mergeIdenticalProperties', () => {
	it('writes a parameter several operations define identically once, for all of them', () => {
		const merged = mergeIdenticalProperties([
			dropdown('r'),
			field('id', 'r', 'get'),
			field('id', 'r', 'delete'),
			field('id', 'r', 'update'),
		]);
		expect(merged).toEqual([
			dropdown('r'),
			{
				...field('id', 'r', 'get'),
				displayOptions: { show: { resource: ['r'], operation: ['get', 'delete', 'update'] } },
			},
		]);
	});

	it("moves a copy after an operation's previous parameter to share it, when no order changes", () => {
		const merged = mergeIdenticalProperties([
			field('ws', 'r', 'c0'),
			field('id', 'r', 'a1'),
			field('ws', 'r', 'b1'),
			field('id', 'r', 'b1'),
		]);
		expect(summary(merged)).toEqual(['ws:c0+b1', 'id:a1+b1']);
	});

	it('does not move a copy past a later parameter of its own operations', () => {
		const merged = mergeIdenticalProperties([
			field('ws', 'r', 'c0'),
			field('id', 'r', 'a1'),
			field('ws', 'r', 'a1'),
			field('ws', 'r', 'b1'),
			field('id', 'r', 'b1'),
		]);
		expect(summary(merged)).toEqual(['id:a1', 'ws:c0+a1+b1', 'id:b1']);
	});

	it('keeps definitions that differ in anything else apart', () => {
		const merged = mergeIdenticalProperties([
			field('id', 'r', 'get'),
			field('id', 'r', 'delete', { description: 'The one to delete' }),
			field('id', 'r', 'update', { displayOptions: { show: { mode: ['x'] } } }),
			field('id', 'r', 'patch', { required: true }),
		]);
		expect(summary(merged).sort()).toEqual(['id:delete', 'id:get', 'id:patch', 'id:update']);
	});

	it('shares a parameter across resources, their Operation dropdowns moved in front', () => {
		const merged = mergeIdenticalProperties([
			dropdown('a'),
			field('id', 'a', 'getA'),
			dropdown('b'),
			field('id', 'b', 'getB'),
			field('name', 'b', 'getB'),
		]);
		expect(merged).toEqual([
			dropdown('a'),
			dropdown('b'),
			{
				...field('id', 'a', 'getA'),
				displayOptions: { show: { resource: ['a', 'b'], operation: ['getA', 'getB'] } },
			},
			field('name', 'b', 'getB'),
		]);
	});

	it('does not merge when a resource/operation pair that lacks the parameter would show it', () => {
		// Merged, "id" would be shown for resource a × operation "list" (and b × "get").
		const merged = mergeIdenticalProperties([
			field('id', 'a', 'get'),
			field('name', 'a', 'list'),
			field('id', 'b', 'list'),
			field('name', 'b', 'get'),
		]);
		expect(
			summary(merged)
				.filter((s) => s.startsWith('id:'))
				.sort(),
		).toEqual(['id:get', 'id:list']);
	});

	it('never moves a parameter across a property shown for every resource', () => {
		const notice: INodeProperties = {
			displayName: 'Notice',
			name: 'notice',
			type: 'notice',
			default: '',
		};
		const merged = mergeIdenticalProperties([
			field('id', 'r', 'get'),
			notice,
			field('id', 'r', 'delete'),
		]);
		expect(summary(merged)).toEqual(['id:get', 'notice:', 'id:delete']);
	});

	it("keeps each operation's order when shared parameters come in another order", () => {
		const merged = mergeIdenticalProperties([
			field('a', 'r', 'one'),
			field('b', 'r', 'one'),
			field('b', 'r', 'two'),
			field('a', 'r', 'two'),
			field('c', 'r', 'two'),
		]);
		const order = (operation: string) =>
			merged
				.filter((p) => p.displayOptions!.show!.operation!.includes(operation))
				.map((p) => p.name);
		expect(order('one')).toEqual(['a', 'b']);
		expect(order('two')).toEqual(['b', 'a', 'c']);
		expect(merged).toHaveLength(4);
	});

	it('inserts an operation-only parameter right after the previous one of that operation', () => {
		const merged = mergeIdenticalProperties([
			field('a', 'r', 'one'),
			field('z', 'r', 'one'),
			field('a', 'r', 'two'),
			field('m', 'r', 'two'),
			field('z', 'r', 'two'),
		]);
		expect(summary(merged)).toEqual(['a:one+two', 'm:two', 'z:one+two']);
	});

	describe('collections that differ in their options', () => {
		const option = (name: string, extra: Partial<INodeProperties> = {}): INodeProperties => ({
			displayName: name,
			name,
			type: 'boolean',
			default: false,
			...extra,
		});
		const settings = (operation: string, options: INodeProperties[]) =>
			field('settings', 'r', operation, { type: 'collection', default: {}, options });
		const names = (property: INodeProperties) =>
			(property.options as INodeProperties[]).map(
				(o) =>
					`${o.name}:${((o.displayOptions?.show?.['/operation'] as string[]) ?? []).join('+')}`,
			);

		it('merge into one with the union of the options, each shown for its operations', () => {
			const merged = mergeIdenticalProperties([
				settings('one', [option('a'), option('b'), option('d')]),
				settings('two', [option('a'), option('c'), option('d')]),
			]);
			expect(merged).toHaveLength(1);
			expect(merged[0].displayOptions!.show!.operation).toEqual(['one', 'two']);
			expect(names(merged[0])).toEqual(['a:', 'c:two', 'b:one', 'd:']);
		});

		it('keep options that have conditions of their own', () => {
			const own = { displayOptions: { show: { mode: ['x'] } } };
			const merged = mergeIdenticalProperties([
				settings('one', [option('a'), option('b', own)]),
				settings('two', [option('a'), option('c')]),
			]);
			expect((merged[0].options as INodeProperties[])[2]).toEqual({
				...option('b'),
				displayOptions: { show: { mode: ['x'], '/operation': ['one'] } },
			});
		});

		it('stay apart when an option of the same name differs', () => {
			const merged = mergeIdenticalProperties([
				settings('one', [option('a'), option('b')]),
				settings('two', [option('a'), option('b', { description: 'Other' })]),
			]);
			expect(summary(merged).sort()).toEqual(['settings:one', 'settings:two']);
		});

		it('stay apart when they share no option', () => {
			const merged = mergeIdenticalProperties([
				settings('one', [option('a'), option('b')]),
				settings('two', [option('c'), option('d')]),
			]);
			expect(summary(merged).sort()).toEqual(['settings:one', 'settings:two']);
		});

		it('stay apart when shared options come in another order', () => {
			const merged = mergeIdenticalProperties([
				settings('one', [option('a'), option('b')]),
				settings('two', [option('b'), option('a')]),
			]);
			expect(summary(merged).sort()).toEqual(['settings:one', 'settings:two']);
		});

		it('stay apart when an operation would see one option of several', () => {
			const merged = mergeIdenticalProperties([
				settings('one', [option('a')]),
				settings('two', [option('a'), option('b')]),
			]);
			expect(summary(merged).sort()).toEqual(['settings:one', 'settings:two']);
		});

		it('stay apart when anything but the options differs', () => {
			const merged = mergeIdenticalProperties([
				settings('one', [option('a'), option('b')]),
				{ ...settings('two', [option('a'), option('c')]), placeholder: 'Add Option' },
			]);
			expect(summary(merged).sort()).toEqual(['settings:one', 'settings:two']);
		});
	});
});

describe('withoutImpliedResource', () => {
	const resourceOf = new Map([
		['getA', ['a']],
		['listA', ['a']],
		['getB', ['b']],
		['shared', ['a', 'b']],
	]);

	it('takes the resource condition off a parameter its operations imply, keeping the rest', () => {
		const merged = {
			...field('id', 'a', 'getA', { displayOptions: { show: { mode: ['x'] } } }),
			displayOptions: {
				show: { mode: ['x'], resource: ['a', 'b'], operation: ['getA', 'getB'] },
				hide: { other: ['y'] },
			},
		};
		expect(withoutImpliedResource([merged], resourceOf)).toEqual([
			{
				...merged,
				displayOptions: {
					show: { mode: ['x'], operation: ['getA', 'getB'] },
					hide: { other: ['y'] },
				},
			},
		]);
	});

	it("keeps it on the Operation dropdowns, and where an operation's resource is not listed or not unique", () => {
		const kept = [
			dropdown('a'),
			field('id', 'b', 'getA'),
			field('id', 'a', 'shared'),
			field('id', 'a', 'unknown'),
		];
		expect(withoutImpliedResource(kept, resourceOf)).toEqual(kept);
	});
});
