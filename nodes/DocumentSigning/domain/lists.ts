import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseJsonParameter } from '../helpers/json';
import { fail } from '../helpers/errors';

/**
 * List inputs (recipients, fields, reminders): each entered with n8n fields, or as raw JSON for
 * power users (`<name>Mode`), and read back into the entries the API expects.
 */

export interface ComplexInputSpec {
	/** Parameter name of the fields form, e.g. "recipients"; JSON goes in "<name>Json". */
	name: string;
	displayName: string;
	/** Name of one entry of the fixed collection, e.g. "recipient". */
	itemName: string;
	itemDisplayName: string;
	/** The add button's text; default "Add <itemDisplayName>". */
	placeholder?: string;
	values: INodeProperties[];
	description: string;
	jsonExample: string;
}

/**
 * The "Add Field" collection of a list entry (n8n's additional-fields pattern): the readers merge
 * its values into the entry, so the API gets the same flat object.
 */
export const ADDITIONAL_FIELDS = 'additionalFields';

/** The "… Input" switch of a list or a collection (`name` + "Mode"): fields below, or JSON. */
export function inputModeOption(
	displayName: string,
	name: string,
	more: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: `${displayName} Input`,
		name: `${name}Mode`,
		type: 'options',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		default: 'fields',
		...more,
	};
}

/** A list input (recipients, fields, reminders): "Fields" or "JSON". */
export function listInput(spec: ComplexInputSpec): INodeProperties[] {
	return [
		inputModeOption(spec.displayName, spec.name, {
			description: `How to define the ${spec.displayName.toLowerCase()}`,
		}),
		{
			displayName: spec.displayName,
			name: spec.name,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: spec.placeholder ?? `Add ${spec.itemDisplayName}`,
			default: {},
			description: spec.description,
			displayOptions: { show: { [`${spec.name}Mode`]: ['fields'] } },
			options: [{ name: spec.itemName, displayName: spec.itemDisplayName, values: spec.values }],
		},
		{
			displayName: `${spec.displayName} (JSON)`,
			name: `${spec.name}Json`,
			type: 'json',
			default: '[]',
			description: `${spec.description.replace(/\.$/, '')}. A JSON array as the API expects it, e.g. ${spec.jsonExample}.`,
			displayOptions: { show: { [`${spec.name}Mode`]: ['json'] } },
		},
	];
}

/** The raw entries of a list input, from the fields form or the JSON field. */
export function readList(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): { entries: IDataObject[]; fromJson: boolean } | undefined {
	const mode = context.getNodeParameter(`${name}Mode`, itemIndex, 'fields') as string;
	if (mode === 'json') {
		const raw = context.getNodeParameter(`${name}Json`, itemIndex, '[]');
		const entries = parseJsonParameter<IDataObject[]>(context, raw, `${label} (JSON)`, 'array');
		entries.forEach((entry, index) => {
			if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
				fail(context, `${label} (JSON): entry ${index + 1} must be an object`);
			}
		});
		return entries.length ? { entries, fromJson: true } : undefined;
	}
	const collection = context.getNodeParameter(name, itemIndex, {}) as IDataObject;
	const entries = Object.values(collection).flatMap((value) =>
		Array.isArray(value) ? (value as IDataObject[]) : value ? [value as IDataObject] : [],
	);
	return entries.length ? { entries: entries.map(flattenEntry), fromJson: false } : undefined;
}

/**
 * Reads the list `name` (see `readList`) and checks each entry with `check`, which gets the entry,
 * its place for error messages and whether the list came as JSON. Undefined when the list is empty.
 */
export function readEntries(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	check: (raw: IDataObject, place: string, fromJson: boolean) => IDataObject,
): IDataObject[] | undefined {
	const list = readList(context, itemIndex, name, label);
	if (!list) return undefined;
	return list.entries.map((raw, index) =>
		check(raw, where(label, index, list.fromJson), list.fromJson),
	);
}

/** A form entry with its "Add Field" values merged in (what the user set there wins). */
export function flattenEntry(entry: IDataObject): IDataObject {
	const { [ADDITIONAL_FIELDS]: additional, ...rest } = entry;
	return additional && typeof additional === 'object' && !Array.isArray(additional)
		? { ...rest, ...(additional as IDataObject) }
		: { ...rest };
}

export function where(label: string, index: number, fromJson: boolean): string {
	return fromJson
		? `${label} (JSON), entry ${index + 1}`
		: `${label.replace(/s$/, '')} ${index + 1}`;
}

export function requireText(
	context: IExecuteFunctions,
	entry: IDataObject,
	key: string,
	place: string,
	fieldName: string,
): void {
	if (entry[key] === undefined || String(entry[key]).trim() === '') {
		fail(context, `${place}: "${fieldName}" is required`);
	}
}

export function checkOrder(
	context: IExecuteFunctions,
	value: unknown,
	place: string,
	fieldName: string,
): number | undefined {
	if (value === undefined || value === '') return undefined;
	const number = Number(value);
	if (!Number.isInteger(number) || number < 1) {
		fail(
			context,
			`${place}: "${fieldName}" must be a whole number of 1 or more (got ${String(value)})`,
		);
	}
	return number;
}
