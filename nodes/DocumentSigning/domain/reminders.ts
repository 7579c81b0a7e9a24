import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact } from '../helpers/validation';
import { fail } from '../helpers/errors';
import { checkOrder, listInput, readEntries, requireText } from './lists';

/** Reminder emails of signing requests and templates: the list input and its reader. */

export interface ReminderInputOptions {
	/** Key naming the recipient: recipient_id (signing requests) or user_id (templates). */
	recipientKey?: 'recipient_id' | 'user_id';
	/** What "Hours" means for this endpoint (the service's wording differs per endpoint). */
	hoursDescription?: string;
}

/** Reminder emails. Parameter name: reminders. */
export function remindersInput(options: ReminderInputOptions = {}): INodeProperties[] {
	const recipientKey = options.recipientKey ?? 'recipient_id';
	return listInput({
		name: 'reminders',
		displayName: 'Reminders',
		itemName: 'reminder',
		itemDisplayName: 'Reminder',
		description: 'Reminder emails sent to recipients who have not finished',
		jsonExample: `[{"hours":48,"all_users":true,"subject":"Reminder","message":"Please sign"}]`,
		values: [
			{
				displayName: 'All Recipients',
				name: 'all_users',
				type: 'boolean',
				default: true,
				description: 'Whether to remind every recipient who has not finished',
			},
			{
				displayName: 'Hours',
				name: 'hours',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 48,
				description: options.hoursDescription ?? 'Hours before the request expires',
			},
			{
				displayName: 'Message',
				name: 'message',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				required: true,
			},
			{
				displayName: 'Recipient ID',
				name: recipientKey,
				type: 'string',
				default: '',
				description: 'Who to remind when not all recipients',
				displayOptions: { show: { all_users: [false] } },
			},
			{
				displayName: 'Reminder ID',
				name: 'id',
				type: 'string',
				default: '',
				description: 'The ID of an existing reminder to update; leave empty to add one',
			},
			{
				displayName: 'Subject',
				name: 'subject',
				type: 'string',
				default: '',
				required: true,
			},
		],
	});
}

/** Reminders (parameter "reminders"). */
export function readReminders(
	context: IExecuteFunctions,
	itemIndex: number,
	recipientKey: 'recipient_id' | 'user_id' = 'recipient_id',
	label = 'Reminders',
): IDataObject[] | undefined {
	return readEntries(context, itemIndex, 'reminders', label, (raw, place) => {
		const entry = compact(raw);
		const hours = checkOrder(context, entry.hours, place, 'hours');
		if (hours === undefined && entry.id === undefined)
			fail(context, `${place}: "hours" is required`);
		if (hours !== undefined) entry.hours = hours;
		if (entry.id === undefined) {
			requireText(context, entry, 'subject', place, 'subject');
			requireText(context, entry, 'message', place, 'message');
		}
		if (entry.all_users === true) delete entry[recipientKey];
		else if (entry.id === undefined && entry[recipientKey] === undefined) {
			fail(context, `${place}: choose a recipient (${recipientKey}) or turn on "All Recipients"`);
		}
		return entry;
	});
}
