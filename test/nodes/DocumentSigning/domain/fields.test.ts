import type { INodeProperties } from 'n8n-workflow';

import * as createAndSend from '../../../../nodes/DocumentSigning/actions/signingRequest/createAndSendSigningRequest.operation';
import {
	FIELD_TYPE_ALIASES,
	FIELD_TYPE_LABELS,
	FIELD_TYPE_SETS,
	fieldTypeChoices,
	fieldTypeOptions,
	normaliseFieldType,
} from '../../../../nodes/DocumentSigning/domain/fields';

describe('field types per endpoint (domain/fields.ts)', () => {
	const sets = Object.entries(FIELD_TYPE_SETS);

	it.each(sets)('%s: every type and every alias target has a label', (_name, set) => {
		for (const type of set.types) expect(FIELD_TYPE_LABELS[type]).toEqual(expect.any(String));
		for (const alias of set.aliases)
			expect(FIELD_TYPE_LABELS[FIELD_TYPE_ALIASES[alias]]).toEqual(expect.any(String));
	});

	it('normalises the aliases an endpoint takes, and leaves the others to its check', () => {
		const { createAndSend, signingRequest, singleField, templateUpdate } = FIELD_TYPE_SETS;
		expect(normaliseFieldType(createAndSend, 'radio')).toBe('radio_buttons');
		expect(normaliseFieldType(createAndSend, 'initials')).toBe('initial');
		expect(normaliseFieldType(singleField, 'radio')).toBe('radio');
		expect(normaliseFieldType(signingRequest, 'textarea')).toBe('text_area');
		expect(normaliseFieldType(templateUpdate, 'initials')).toBe('initial');
		expect(normaliseFieldType(signingRequest, 'signature')).toBe('signature');
		expect(normaliseFieldType(signingRequest, 7)).toBe(7);
	});

	it('takes the types the API reference lists for each endpoint', () => {
		expect(FIELD_TYPE_SETS.signingRequest.types).toContain('image');
		expect(FIELD_TYPE_SETS.singleField.types).not.toContain('image');
		expect(FIELD_TYPE_SETS.singleField.types).toContain('radio_buttons');
		expect(FIELD_TYPE_SETS.createAndSend.types).toEqual(FIELD_TYPE_SETS.singleField.types);
		expect(FIELD_TYPE_SETS.templateUpdate.types).toHaveLength(8);
		expect(FIELD_TYPE_SETS.templateUpdate.types).not.toContain('initial');
	});

	it('labels the options one way: Initials, in the given order or by label', () => {
		expect(fieldTypeChoices(['signature', 'initial'])).toEqual([
			{ name: 'Signature', value: 'signature' },
			{ name: 'Initials', value: 'initial' },
		]);
		expect(fieldTypeOptions(['text', 'approval_date', 'initial']).map((o) => o.name)).toEqual([
			'Approval Date',
			'Initials',
			'Text',
		]);
	});
});

describe('Create and Send: the Type dropdown offers exactly what the endpoint takes', () => {
	it('its fields form lists the create-and-send types (no image; radio buttons, URL and file)', () => {
		const find = (properties: INodeProperties[], name: string): INodeProperties | undefined => {
			for (const property of properties) {
				if (property.name === name && property.type === 'options') return property;
				const nested = (property.options ?? []).flatMap((option) =>
					'values' in option ? (option.values as INodeProperties[]) : [],
				);
				const found = find(nested, name);
				if (found) return found;
			}
			return undefined;
		};
		const fields = createAndSend.description.filter((p) => p.name === 'fields');
		expect(fields).toHaveLength(1);
		const type = find(fields, 'type');
		const offered = (type?.options ?? []).map((o) => (o as { value: string }).value);
		expect([...offered].sort()).toEqual([...FIELD_TYPE_SETS.createAndSend.types].sort());
		expect(offered).not.toContain('image');
	});
});
