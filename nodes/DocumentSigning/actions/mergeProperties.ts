import type { INodeProperties } from 'n8n-workflow';

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
 *   operations to share it);
 * - a property shown for one resource only (its Operation dropdown) that comes before all of that
 *   resource's parameters moves to the front, before every parameter, so resources can share;
 *   any other property that is not one operation's parameter stays in place, and no parameter
 *   moves across it.
 */
export function mergeIdenticalProperties(properties: INodeProperties[]): INodeProperties[] {
	interface Item {
		property: INodeProperties;
		key?: string;
		resources?: string[];
		operations?: string[];
		/** The "resource operation" pairs merged into this item. */
		pairs?: Set<string>;
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
		let item = items.find(
			(candidate, index) =>
				index > start &&
				candidate.key === key &&
				canTake(candidate, owner.resource, owner.operation),
		);
		if (item) {
			if (!item.resources!.includes(owner.resource)) item.resources!.push(owner.resource);
			if (!item.operations!.includes(owner.operation)) item.operations!.push(owner.operation);
			item.pairs!.add(ownerKey);
		} else {
			item = {
				property,
				key,
				resources: [owner.resource],
				operations: [owner.operation],
				pairs: new Set([ownerKey]),
			};
			items.splice(start + 1, 0, item);
		}
		last.set(ownerKey, item);
	}

	const merged = items.map(({ property, resources, operations, pairs }) => {
		if (!pairs || pairs.size === 1) return property;
		const { displayOptions } = property;
		return {
			...property,
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

/** The property's definition as text, without its resource and operation conditions. */
function definitionKey(property: INodeProperties): string {
	const { displayOptions, ...rest } = property;
	const show = { ...displayOptions!.show };
	delete show.resource;
	delete show.operation;
	return JSON.stringify([rest, { ...displayOptions, show }]);
}
