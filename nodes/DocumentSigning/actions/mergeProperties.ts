import type { INodeProperties } from 'n8n-workflow';

/**
 * Merges identical parameter definitions of several operations into one property.
 *
 * Every operation file declares its whole form; the resource shows each of its parameters for
 * that resource and operation only (`show: { resource: [r], operation: [o] }`), so a parameter
 * used by twenty operations is written twenty times into the node's description. This function
 * keeps one copy whose `show.operation` lists all those operations, without changing what n8n
 * shows: a property is shown when its displayOptions match, in the order of the properties list,
 * so
 * - only definitions that are equal apart from `show.operation` merge (same resource, same
 *   everything else, including their other display conditions);
 * - each operation's parameters keep their order: a parameter merges into a copy placed after the
 *   operation's previous parameter, otherwise it is inserted right after that parameter (the
 *   first one right after the last property that is not a parameter: this leaves the most room for
 *   later operations to share it);
 * - properties that are not one operation's parameter (the Operation dropdowns) stay where they
 *   are, and no parameter moves across them.
 */
export function mergeIdenticalProperties(properties: INodeProperties[]): INodeProperties[] {
	interface Item {
		property: INodeProperties;
		key?: string;
		operations?: string[];
	}
	const items: Item[] = [];
	/** The item holding each operation's latest parameter ("resource operation" keys). */
	const last = new Map<string, Item>();
	let barrier: Item | undefined;

	for (const property of properties) {
		const owner = ownerOf(property);
		if (!owner) {
			barrier = { property };
			items.push(barrier);
			continue;
		}
		const key = `${owner.resource}\n${definitionKey(property)}`;
		const ownerKey = `${owner.resource} ${owner.operation}`;
		const previous = last.get(ownerKey);
		const start = Math.max(
			barrier ? items.indexOf(barrier) : -1,
			previous ? items.indexOf(previous) : -1,
		);
		let item = items.find(
			(candidate, index) =>
				index > start && candidate.key === key && !candidate.operations!.includes(owner.operation),
		);
		if (item) {
			item.operations!.push(owner.operation);
		} else {
			item = { property, key, operations: [owner.operation] };
			items.splice(start + 1, 0, item);
		}
		last.set(ownerKey, item);
	}

	return items.map(({ property, operations }) => {
		if (!operations || operations.length === 1) return property;
		const { displayOptions } = property;
		return {
			...property,
			displayOptions: {
				...displayOptions,
				show: { ...displayOptions!.show, operation: operations },
			},
		};
	});
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

/** The property's definition as text, without its operation condition. */
function definitionKey(property: INodeProperties): string {
	const { displayOptions, ...rest } = property;
	const show = { ...displayOptions!.show };
	delete show.operation;
	return JSON.stringify([rest, { ...displayOptions, show }]);
}
