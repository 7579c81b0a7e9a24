import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	EVENT_GROUPS,
	EVENT_TYPES,
	SEED_EVENT_TYPES,
	eventTypeOptions,
} from '../../../nodes/shared/events';
import { DocumentSigningTrigger } from '../../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';

/** The trigger's event entries as the node panel and the Events picker show them. */

const eventsProperty = new DocumentSigningTrigger().description.properties.find(
	(p) => p.name === 'events',
) as INodeProperties;
const options = eventsProperty.options as INodePropertyOptions[];

/** What n8n's node panel lists for a trigger: the option's action, else "On <name>". */
const panelEntries = () =>
	options.filter((o) => !['*', '', ' '].includes(o.name)).map((o) => o.action ?? `On ${o.name}`);

describe('trigger event entries', () => {
	it('reads as sentences in the node panel', () => {
		const entries = panelEntries();
		expect(entries).toContain('Signing request completed');
		expect(entries).toContain('Recipient declined');
		for (const entry of entries) {
			expect(entry).not.toMatch(/[._:]|extra|\bOn\b/i);
			expect(entry).toMatch(/^[A-Z][a-z]/);
		}
	});

	it('puts the API name of each event in its description', () => {
		for (const option of eventTypeOptions()) {
			expect(option.description).toContain(`(${String(option.value)})`);
		}
		const completed = options.find((o) => o.value === 'signing_request.completed');
		expect(completed).toMatchObject({
			name: 'Signing Request Completed',
			action: 'Signing request completed',
			description: 'Every signer has signed: the signed PDF is ready (signing_request.completed)',
		});
	});

	it('groups the events as the service does, its documented ones first in each group', () => {
		const values = eventTypeOptions().map((o) => String(o.value));
		expect(new Set(values).size).toBe(EVENT_TYPES.length);
		const groupOf = (value: string) => EVENT_TYPES.find((e) => e.value === value)!.group;
		const groupIndexes = values.map((v) => EVENT_GROUPS.indexOf(groupOf(v)));
		expect(groupIndexes).toEqual([...groupIndexes].sort((a, b) => a - b));
		expect(values.slice(0, 10)).toEqual(SEED_EVENT_TYPES.slice(0, 10));
		expect(values[10]).toBe('signing_request.declined');
		expect(values.indexOf('signing_request.recipient.signed')).toBeGreaterThan(
			values.indexOf('signing_request.declined'),
		);
	});

	it('says which names are not in the documented list (left out of All Documented Events)', () => {
		const declined = eventTypeOptions().find((o) => o.value === 'signing_request.declined');
		expect(declined?.name).toBe('Signing Request Declined');
		expect(declined?.description).toMatch(
			/not in the service's event list.*All Documented Events leaves it out/,
		);
		const documented = eventTypeOptions().filter((o) => SEED_EVENT_TYPES.includes(String(o.value)));
		expect(documented).toHaveLength(26);
		for (const option of documented) expect(option.description).not.toMatch(/not in/);
	});

	it('starts with All Documented Events', () => {
		expect(options[0]).toMatchObject({ name: 'All Documented Events', value: '*' });
		expect(options.slice(1).map((o) => o.value)).toEqual(eventTypeOptions().map((o) => o.value));
	});
});
