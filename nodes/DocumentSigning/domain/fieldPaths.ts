import type { INodeProperties } from 'n8n-workflow';

import { FIELD_LABELS, fieldsInput } from './fields';
import { ADDITIONAL_FIELDS } from './lists';
import { recipientsInput } from './recipients';
import { remindersInput } from './reminders';
import { settingOf } from './settings';

/**
 * The node's words for the service's field paths, so that an error speaks of the same person as
 * the form: the service says `recipients[1].email` (or `recipients.1.email`), the node "Recipient
 * 2 → Email". The labels are the forms' own (recipients, fields, reminders, settings): each is
 * written once, in its domain module, and read here.
 */

/** name → label of a list form's entry values, "Add Field" options included. */
function labelsOf(form: INodeProperties[], collection: string): Map<string, string> {
	const labels = new Map<string, string>();
	const list = form.find((p) => p.name === collection);
	const values = (list?.options ?? []).flatMap((option) =>
		'values' in option ? (option.values as INodeProperties[]) : [],
	);
	for (const value of values) {
		const nested =
			value.name === ADDITIONAL_FIELDS ? (value.options as INodeProperties[]) : [value];
		for (const field of nested)
			labels.set(field.name, field.displayName.replace(/ Name or ID$/, ''));
	}
	return labels;
}

/** The labels of a person on a recipients (or template users) form, by the API's keys. */
function personLabels(): Map<string, string> {
	const labels = labelsOf(recipientsInput({ reference: true, templateUser: true }), 'recipients');
	const reference = labels.get('ref');
	if (reference) labels.set('id', reference).set('_temp_id', reference);
	return labels;
}

function fieldLabels(): Map<string, string> {
	const labels = labelsOf(fieldsInput(), 'fields');
	for (const [key, label] of Object.entries(FIELD_LABELS)) labels.set(key, label);
	// The form has no "Position": its values stand on their own.
	labels.set('page', FIELD_LABELS.page).set('position', '');
	return labels;
}

function reminderLabels(): Map<string, string> {
	const labels = labelsOf(remindersInput(), 'reminders');
	const recipient = labels.get('recipient_id');
	if (recipient) labels.set('user_id', recipient);
	return labels;
}

/** Computes a label table once, when an error first needs it. */
function once(build: () => Map<string, string>): (key: string) => string | undefined {
	let labels: Map<string, string> | undefined;
	return (key) => (labels ??= build()).get(key);
}

interface Part {
	/** What one entry (or the object) is called in the form: "Recipient", "Settings". */
	entry: string;
	label: (key: string) => string | undefined;
}

const person = once(personLabels);
const field = once(fieldLabels);

/** Lists of entries (`recipients[0]…`) and single objects (`recipient.…`, `settings.…`). */
const LISTS: Record<string, Part> = {
	recipients: { entry: 'Recipient', label: person },
	users: { entry: 'User', label: person },
	fields: { entry: 'Field', label: field },
	reminders: { entry: 'Reminder', label: once(reminderLabels) },
};
const OBJECTS: Record<string, Part> = {
	recipient: LISTS.recipients,
	user: LISTS.users,
	field: LISTS.fields,
	settings: { entry: 'Settings', label: (key) => settingOf(key)?.label },
};

/** `recipients[1].email`, `recipients.1.email`, `fields[0].position.x`, `recipients[2]`. */
const LIST_PATH = new RegExp(
	`(?<![\\w.\\]])(${Object.keys(LISTS).join('|')})(?:\\[(\\d+)\\]|\\.(\\d+))((?:\\.[a-z_]+)*)(?![\\w\\[])`,
	'g',
);
/** `recipient.email`, `settings.allow_download`. */
const OBJECT_PATH = new RegExp(
	`(?<![\\w.\\]])(${Object.keys(OBJECTS).join('|')})((?:\\.[a-z_]+)+)(?![\\w\\[])`,
	'g',
);

/** The keys after an entry, as labels: ".position.x" → "X (% From Left)". */
function keysAsLabels(part: Part, keys: string): string[] {
	return keys
		.split('.')
		.filter((key) => key !== '')
		.map((key) => part.label(key) ?? key)
		.filter((label) => label !== '');
}

/** The text with every field path of the service it contains put in the node's words. */
export function relabelFieldPaths(text: string): string {
	return text
		.replace(LIST_PATH, (_path, list: string, bracket?: string, dotted?: string, keys = '') => {
			const part = LISTS[list];
			const entry = `${part.entry} ${Number(bracket ?? dotted) + 1}`;
			return [entry, ...keysAsLabels(part, keys)].join(' → ');
		})
		.replace(OBJECT_PATH, (_path, object: string, keys: string) => {
			const part = OBJECTS[object];
			return [part.entry, ...keysAsLabels(part, keys)].join(' → ');
		});
}
