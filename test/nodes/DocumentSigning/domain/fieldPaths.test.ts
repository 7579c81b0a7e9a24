import { relabelFieldPaths } from '../../../../nodes/DocumentSigning/domain/fieldPaths';
import { FIELD_LABELS } from '../../../../nodes/DocumentSigning/domain/fields';
import { settingLabel } from '../../../../nodes/DocumentSigning/domain/settings';

describe("the service's field paths in the node's words", () => {
	it.each([
		['recipients[1].email: must be a valid email', 'Recipient 2 → Email: must be a valid email'],
		[
			'recipients.0.order: no template user has order 7',
			'Recipient 1 → Order: no template user has order 7',
		],
		['recipients[0].template_user_id: unknown', 'Recipient 1 → Template User: unknown'],
		['recipients[0].id: unknown', 'Recipient 1 → Reference ID: unknown'],
		['recipients[2].phone_number: too long', 'Recipient 3 → Phone Number: too long'],
		['users[2].order: order is required', 'User 3 → Order: order is required'],
		['recipient.email: bad', 'Recipient → Email: bad'],
		['reminders[0].hours: at least 1', 'Reminder 1 → Hours: at least 1'],
		['fields[0].position.x: at most 100', `Field 1 → ${FIELD_LABELS.x}: at most 100`],
		['fields[1].page_number: at least 1', `Field 2 → ${FIELD_LABELS.page}: at least 1`],
		[
			'settings.allow_download: must be a boolean',
			`Settings → ${settingLabel('allow_download')}: must be a boolean`,
		],
		['recipients[3]: not an object', 'Recipient 4: not an object'],
	])('%s', (service, node) => {
		expect(relabelFieldPaths(service)).toBe(node);
	});

	it('keeps a key it has no label for, and what is not a path of the forms', () => {
		expect(relabelFieldPaths('recipients[1].custom_fields: not an object')).toBe(
			'Recipient 2 → custom_fields: not an object',
		);
		for (const text of [
			'body.recipients[0].email',
			'template_id: not found',
			'name: too long',
			'recipients are required',
		])
			expect(relabelFieldPaths(text)).toBe(text);
	});

	it('renames every path in a text, such as the lines of "Problems by field"', () => {
		expect(
			relabelFieldPaths(
				'The service rejected the request\nProblems by field:\n- recipients[0].email: bad\n- recipients[1].first_name: required',
			),
		).toBe(
			'The service rejected the request\nProblems by field:\n- Recipient 1 → Email: bad\n- Recipient 2 → First Name: required',
		);
	});
});
