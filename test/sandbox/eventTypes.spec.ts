/**
 * The sandbox's event types (written from the spec) against the node's EVENT_TYPES: a mistake in
 * either list (a missing, extra or misspelt name, a name in the wrong group or of the wrong source)
 * fails here.
 */
import { EVENT_GROUPS, EVENT_TYPES } from '../../nodes/shared/events';
import {
	PUBLISHED_EVENT_TYPES,
	REFERENCE_EVENT_TYPES,
	SERVICE_EVENT_GROUPS,
	SERVICE_EVENT_TYPES,
	SUBSCRIBABLE_EVENT_TYPES,
	TEST_EVENT_TYPE,
} from './eventTypes';

const sorted = (names: readonly string[]) => [...names].sort();
const nodeNames = (source: string) =>
	EVENT_TYPES.filter((e) => e.source === source).map((e) => e.value);

describe('event types: sandbox (spec) and node agree', () => {
	it('the service list has 26 types in 7 groups, and no name twice anywhere', () => {
		expect(SERVICE_EVENT_TYPES).toHaveLength(26);
		expect(Object.keys(SERVICE_EVENT_GROUPS)).toHaveLength(7);
		expect(new Set(SUBSCRIBABLE_EVENT_TYPES).size).toBe(SUBSCRIBABLE_EVENT_TYPES.length);
		expect(SUBSCRIBABLE_EVENT_TYPES).not.toContain(TEST_EVENT_TYPE);
	});

	it("the node's documented types are the service's list, in its order", () => {
		expect(nodeNames('seed')).toEqual([...SERVICE_EVENT_TYPES]);
	});

	it("the node's further types are the API reference's and the other published lists' names", () => {
		expect(sorted(nodeNames('reference'))).toEqual(sorted(REFERENCE_EVENT_TYPES));
		expect(sorted(nodeNames('published'))).toEqual(sorted(PUBLISHED_EVENT_TYPES));
		expect(sorted(EVENT_TYPES.map((e) => e.value))).toEqual(sorted(SUBSCRIBABLE_EVENT_TYPES));
	});

	it("the node's groups are the service's groups, in its order, each with the service's types", () => {
		const key = (group: string) => group.toLowerCase();
		expect(EVENT_GROUPS.map(key)).toEqual(Object.keys(SERVICE_EVENT_GROUPS).map(key));
		for (const [group, names] of Object.entries(SERVICE_EVENT_GROUPS)) {
			const inNode = EVENT_TYPES.filter(
				(e) => e.source === 'seed' && key(e.group) === key(group),
			).map((e) => e.value);
			expect({ group, names: inNode }).toEqual({ group, names: [...names] });
		}
	});

	it('the node offers no name twice', () => {
		const values = EVENT_TYPES.map((e) => e.value);
		expect(new Set(values).size).toBe(values.length);
	});
});
