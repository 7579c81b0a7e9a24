/**
 * Re-exported from the domain modules (../domain/) for the files that import the readers of the
 * complex inputs from here.
 */
export { flattenEntry, readList as readListInput, where as listEntryPlace } from '../domain/lists';
export type { RecipientReadOptions } from '../domain/recipients';
export { checkRecipient, EMAIL as EMAIL_PATTERN, readRecipients } from '../domain/recipients';
export type { FieldCheckOptions } from '../domain/fields';
export { checkField, FIELD_OVERRIDE_KEYS, readFieldOverrides, readFields } from '../domain/fields';
export { readReminders } from '../domain/reminders';
export { readSettings } from '../domain/settings';
export type { PropertyCheckOptions } from '../domain/completion';
export { checkSigningRequestProperties } from '../domain/completion';
