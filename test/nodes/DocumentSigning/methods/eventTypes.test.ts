import type { ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';

import { DocumentSigning } from '../../../../nodes/DocumentSigning/DocumentSigning.node';
import { loadOptions } from '../../../../nodes/DocumentSigning/methods';
import { EVENT_TYPES, eventTypeOptions } from '../../../../nodes/shared/events';

/**
 * The webhook operations' event pickers (Create and Update a webhook's events, Get Many's Event
 * filter) take their choices from the getEventTypes method: THE list of shared/events.ts, the
 * choices the node's description listed itself before.
 */

describe('getEventTypes', () => {
	const context = {} as ILoadOptionsFunctions;

	it('returns every event of the list, by group, with its name, value and description', async () => {
		const options = await loadOptions.getEventTypes.call(context);
		expect(options).toEqual(eventTypeOptions());
		expect(options).toHaveLength(EVENT_TYPES.length);
		expect(new Set(options.map((o) => o.value))).toEqual(new Set(EVENT_TYPES.map((e) => e.value)));
		expect(options[0]).toEqual({
			name: 'Signing Request Created',
			value: 'signing_request.created',
			action: 'Signing Request Created',
			description: 'A signing request was created (signing_request.created)',
		});
		// The service's own events of a group come before the other published names of that group.
		const groups = options.map((o) => EVENT_TYPES.find((e) => e.value === o.value)!.group);
		expect(groups.filter((g, i) => g !== groups[i - 1])).toEqual([...new Set(groups)]);
	});

	it('is what every event picker of the node uses, with no list of its own', () => {
		const pickers: INodeProperties[] = [];
		const visit = (properties: INodeProperties[]) => {
			for (const p of properties) {
				if (p.name === 'events' || p.name === 'event') pickers.push(p);
				if (p.type === 'collection') visit(p.options as INodeProperties[]);
			}
		};
		visit(new DocumentSigning().description.properties);
		expect(pickers.map((p) => p.type).sort()).toEqual(['multiOptions', 'multiOptions', 'options']);
		for (const picker of pickers) {
			expect(picker.typeOptions?.loadOptionsMethod).toBe('getEventTypes');
			expect(picker.options).toBeUndefined();
		}
	});
});
