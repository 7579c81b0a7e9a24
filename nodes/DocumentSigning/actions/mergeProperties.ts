import type { INodeProperties } from 'n8n-workflow';

/** One option of a merged collection and the operations whose collection has it. */
interface SharedOption {
	key: string;
	option: INodeProperties;
	operations: Set<string>;
}

/**
 * Merges identical parameter definitions of several operations into one property.
 *
 * Every operation file declares its whole form; the resource shows each of its parameters for
 * that resource and operation only (`show: { resource: [r], operation: [o] }`), so a parameter
 * used by twenty operations is written twenty times into the node's description. This function
 * keeps one copy whose `show.resource` and `show.operation` list all of them, without changing
 * what n8n shows for any resource/operation: a property is shown when its displayOptions match,
 * in the order of the properties list, so
 * - only definitions that are equal apart from `show.resource`/`show.operation` merge (same
 *   everything else, including their other display conditions);
 * - a merged copy is shown for every combination of its resources and operations, so it only
 *   takes an operation if no other existing resource/operation pair comes in with it;
 * - each operation's parameters keep their order: a parameter merges into a copy placed after the
 *   operation's previous parameter, otherwise it is inserted right after that parameter (the
 *   first one right after the last property it must follow: this leaves the most room for later
 *   operations to share it); a copy placed before the operation's previous parameter moves right
 *   after it when that takes it past no later parameter of the operations it already serves;
 * - a property shown for one resource only (its Operation dropdown) that comes before all of that
 *   resource's parameters moves to the front, before every parameter, so resources can share;
 *   any other property that is not one operation's parameter stays in place, and no parameter
 *   moves across it;
 * - collections (type `collection`) that differ only in their options merge into one whose
 *   options are the union of theirs, each option used by some of the operations only carrying
 *   `displayOptions.show['/operation']` (the editor filters a collection's options by their
 *   displayOptions, root paths read from the node's top-level parameters; operation values are
 *   unique across resources). This happens only when the collections share an option (otherwise
 *   the conditions would only add to the description), each operation still sees its own options in
 *   its own order, no two options share a name with different definitions, and no operation is
 *   left with a single option of several (the editor shows a button, not a list, for a collection
 *   with one option).
 */
export function mergeIdenticalProperties(properties: INodeProperties[]): INodeProperties[] {
	interface Item {
		property: INodeProperties;
		key?: string;
		resources?: string[];
		operations?: string[];
		/** The "resource operation" pairs merged into this item. */
		pairs?: Set<string>;
		/** A collection's options with the operations that have each. */
		shared?: SharedOption[];
	}
	const pair = (resource: string, operation: string) => `${resource} ${operation}`;
	const realPairs = new Set<string>();
	for (const property of properties) {
		const owner = ownerOf(property);
		if (owner) realPairs.add(pair(owner.resource, owner.operation));
	}
	/** Whether showing `item` also for resource/operation adds no pair that did not have it. */
	const canTake = (item: Item, resource: string, operation: string): boolean => {
		const resources = [...item.resources!, resource];
		const operations = [...item.operations!, operation];
		return resources.every((r) =>
			operations.every(
				(o) =>
					!realPairs.has(pair(r, o)) ||
					item.pairs!.has(pair(r, o)) ||
					(r === resource && o === operation),
			),
		);
	};

	const front: INodeProperties[] = [];
	const items: Item[] = [];
	/** The item holding each operation's latest parameter. */
	const last = new Map<string, Item>();
	const seenResources = new Set<string>();
	let barrier: Item | undefined;

	for (const property of properties) {
		const owner = ownerOf(property);
		if (!owner) {
			const scope = singleResourceOf(property);
			if (scope !== undefined && !seenResources.has(scope)) {
				front.push(property);
			} else {
				barrier = { property };
				items.push(barrier);
			}
			continue;
		}
		seenResources.add(owner.resource);
		const key = definitionKey(property);
		const ownerKey = pair(owner.resource, owner.operation);
		const previous = last.get(ownerKey);
		const start = Math.max(
			barrier ? items.indexOf(barrier) : -1,
			previous ? items.indexOf(previous) : -1,
		);
		let shared: SharedOption[] | undefined;
		let item = items.find((candidate, index) => {
			if (index <= start || candidate.key !== key) return false;
			if (!canTake(candidate, owner.resource, owner.operation)) return false;
			if (!candidate.shared) return true;
			shared = unionOfOptions(candidate.shared, property, owner.operation);
			return shared !== undefined;
		});
		if (!item) {
			// An identical copy placed before this operation's previous parameter can move right after
			// it, when that takes it past no later parameter of its own operations (nor a property that
			// is not a parameter).
			const floor = barrier ? items.indexOf(barrier) : -1;
			const index = items.findIndex((candidate, i) => {
				if (i <= floor || i > start || candidate.key !== key) return false;
				if (!canTake(candidate, owner.resource, owner.operation)) return false;
				const passed = items.slice(i + 1, start + 1);
				if (
					passed.some(
						(other) => !other.pairs || [...candidate.pairs!].some((p) => other.pairs!.has(p)),
					)
				)
					return false;
				if (!candidate.shared) return true;
				shared = unionOfOptions(candidate.shared, property, owner.operation);
				return shared !== undefined;
			});
			if (index >= 0) {
				item = items[index];
				items.splice(index, 1);
				items.splice(start, 0, item);
			}
		}
		if (item) {
			if (!item.resources!.includes(owner.resource)) item.resources!.push(owner.resource);
			if (!item.operations!.includes(owner.operation)) item.operations!.push(owner.operation);
			item.pairs!.add(ownerKey);
			if (shared) item.shared = shared;
		} else {
			item = {
				property,
				key,
				resources: [owner.resource],
				operations: [owner.operation],
				pairs: new Set([ownerKey]),
				shared: isCollection(property) ? unionOfOptions([], property, owner.operation) : undefined,
			};
			items.splice(start + 1, 0, item);
		}
		last.set(ownerKey, item);
	}

	const merged = items.map(({ property, resources, operations, pairs, shared }) => {
		if (!pairs || pairs.size === 1) return property;
		const { displayOptions } = property;
		return {
			...property,
			...(shared && { options: sharedOptions(shared, operations!.length) }),
			displayOptions: {
				...displayOptions,
				show: { ...displayOptions!.show, resource: resources!, operation: operations! },
			},
		};
	});
	return [...front, ...merged];
}

/** The resource a property is shown for, if that is its only display condition. */
function singleResourceOf(property: INodeProperties): string | undefined {
	const { show, hide, ...others } = property.displayOptions ?? {};
	if (hide || Object.keys(others).length > 0 || !show) return undefined;
	const keys = Object.keys(show);
	const resource = show.resource;
	if (keys.length !== 1 || resource?.length !== 1 || typeof resource[0] !== 'string')
		return undefined;
	return resource[0];
}

/** The resource and operation a property belongs to, if it is one operation's parameter. */
function ownerOf(property: INodeProperties): { resource: string; operation: string } | undefined {
	const show = property.displayOptions?.show;
	const resource = show?.resource;
	const operation = show?.operation;
	if (resource?.length !== 1 || operation?.length !== 1) return undefined;
	if (typeof resource[0] !== 'string' || typeof operation[0] !== 'string') return undefined;
	return { resource: resource[0], operation: operation[0] };
}

const ROOT_OPERATION = '/operation';

function isCollection(property: INodeProperties): boolean {
	return property.type === 'collection' && Array.isArray(property.options);
}

/**
 * The options of a merged collection with those of `property` (an operation's own collection)
 * added, or undefined when they cannot be merged without changing what that or another operation
 * sees (see mergeIdenticalProperties).
 */
function unionOfOptions(
	shared: SharedOption[],
	property: INodeProperties,
	operation: string,
): SharedOption[] | undefined {
	const options = property.options as INodeProperties[];
	const result = shared.map((s) => ({ ...s, operations: new Set(s.operations) }));
	let previous = -1;
	let common = shared.length === 0;
	for (const option of options) {
		if (option.displayOptions?.show?.[ROOT_OPERATION] || option.displayOptions?.hide) {
			return undefined;
		}
		const key = JSON.stringify(option);
		const index = result.findIndex((s) => s.key === key);
		if (index === -1) {
			if (result.some((s) => s.option.name === option.name)) return undefined;
			previous += 1;
			result.splice(previous, 0, { key, option, operations: new Set([operation]) });
		} else {
			if (index <= previous) return undefined;
			common = true;
			result[index].operations.add(operation);
			previous = index;
		}
	}
	if (!common) return undefined;
	const operations = new Set(result.flatMap((s) => [...s.operations]));
	for (const op of operations) {
		const seen = result.filter((s) => s.operations.has(op)).length;
		if (seen === 1 && result.length > 1) return undefined;
	}
	return result;
}

/** A merged collection's options, each used by only some of its operations shown for those. */
function sharedOptions(shared: SharedOption[], operationCount: number): INodeProperties[] {
	return shared.map(({ option, operations }) => {
		if (operations.size === operationCount) return option;
		const { displayOptions } = option;
		return {
			...option,
			displayOptions: {
				...displayOptions,
				show: { ...displayOptions?.show, [ROOT_OPERATION]: [...operations] },
			},
		};
	});
}

/**
 * The property's definition as text, without its resource and operation conditions (and, for a
 * collection, without its options: collections merge by unionOfOptions).
 */
function definitionKey(property: INodeProperties): string {
	const { displayOptions, ...rest } = property;
	if (isCollection(property)) delete rest.options;
	const show = { ...displayOptions!.show };
	delete show.resource;
	delete show.operation;
	return JSON.stringify([rest, { ...displayOptions, show }]);
}

/**
 * Takes `show.resource` off the parameters whose `show.operation` already implies it.
 *
 * Operation values are unique across resources, so a parameter shown for some operations is shown
 * for the same resource/operation pairs without its resource condition, as long as every listed
 * operation belongs to a listed resource (otherwise, or when an operation value is used by two
 * resources, the property is kept as it is). The Operation dropdowns keep theirs: they are shown
 * for a resource, and n8n's editor relies on it when the Resource changes (it clears an Operation
 * value that the now shown dropdown does not offer, which brings in that resource's default).
 *
 * @param resourceOf each operation value's resources
 */
export function withoutImpliedResource(
	properties: INodeProperties[],
	resourceOf: Map<string, string[]>,
): INodeProperties[] {
	return properties.map((property) => {
		const show = property.displayOptions?.show;
		const resources = show?.resource;
		const operations = show?.operation;
		if (!resources || !operations || operations.length === 0) return property;
		const implied = operations.every((operation) => {
			const owners = resourceOf.get(String(operation));
			return owners?.length === 1 && resources.includes(owners[0]);
		});
		if (!implied) return property;
		const rest = { ...show };
		delete rest.resource;
		return { ...property, displayOptions: { ...property.displayOptions, show: rest } };
	});
}
