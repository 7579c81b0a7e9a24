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
	it('reads as words in the node panel, named as in the Events picker', () => {
		const entries = panelEntries();
		expect(entries).toContain('Signing Request Completed');
		expect(entries).toContain('Recipient Declined');
		// The panel's entry and the picker's chip of an event are the same text.
		for (const option of options) expect(option.action).toBe(option.name);
		for (const entry of entries) {
			expect(entry).not.toMatch(/[._:]|extra|\bOn\b/i);
			expect(entry).toMatch(/^[A-Z][a-z]/);
		}
	});

	it('puts the API name of each event in its description', () => {
		for (const option of eventTypeOptions()) {
			// A listed event: "<what happened> (<API name>)"; an unlisted one: "<API name>: …".
			const value = String(option.value);
			const text = String(option.description);
			expect({
				value,
				text,
				named: text.endsWith(`(${value})`) || text.startsWith(`${value}: `),
			}).toEqual({ value, text, named: true });
		}
		const completed = options.find((o) => o.value === 'signing_request.completed');
		expect(completed).toMatchObject({
			name: 'Signing Request Completed',
			action: 'Signing Request Completed',
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

	it('says which events may never arrive, and which listed event to choose instead', () => {
		const declined = eventTypeOptions().find((o) => o.value === 'signing_request.declined');
		expect(declined?.name).toBe('Signing Request Declined');
		expect(declined?.description).toBe(
			'signing_request.declined: may never arrive. Choose Recipient Declined too.',
		);
		const purchased = eventTypeOptions().find(
			(o) => o.value === 'signing_request.credits.purchased',
		);
		expect(purchased?.description).toBe(
			"signing_request.credits.purchased: may never arrive (not in the service's list)",
		);
		for (const event of EVENT_TYPES.filter((e) => e.listedAlternative)) {
			const alternative = EVENT_TYPES.find((e) => e.value === event.listedAlternative);
			expect(alternative?.source).toBe('seed');
		}
		const listed = eventTypeOptions().filter((o) => SEED_EVENT_TYPES.includes(String(o.value)));
		expect(listed).toHaveLength(26);
		for (const option of listed) expect(option.description).not.toMatch(/may never arrive/);
		const unlisted = eventTypeOptions().filter((o) => !SEED_EVENT_TYPES.includes(String(o.value)));
		for (const option of unlisted) expect(option.description).toMatch(/may never arrive/);
		expect(options[0].description).toMatch(/"may never arrive" below are not included/);
		expect(String(options[0].description)).not.toMatch(/\d/);
	});

	it('starts with All Listed Events', () => {
		expect(options[0]).toMatchObject({
			name: 'All Listed Events',
			action: 'All Listed Events',
			value: '*',
		});
		expect(options.slice(1).map((o) => o.value)).toEqual(eventTypeOptions().map((o) => o.value));
	});
});
