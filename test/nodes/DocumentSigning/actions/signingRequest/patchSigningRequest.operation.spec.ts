import { description } from '../../../../../nodes/DocumentSigning/actions/signingRequest/patchSigningRequest.operation';
import { TEMPLATE_FIELD_TYPES } from '../../../../../nodes/DocumentSigning/actions/template/template.inputs';
import { useSandbox } from '../../../../kit';
import type { Draft } from './fixtures';
import { api, byId, createDraft, createSent, NO_SUCH_ID, only, onlyWrite, run } from './fixtures';

const ctx = useSandbox();
let draft: Draft;
beforeAll(async () => {
	draft = await createDraft(ctx.sandbox, 'Patch me');
});

const patch = (parameters: Record<string, unknown>, id = draft.id) =>
	run(ctx, 'patchSigningRequest', { signingRequestId: byId(id), ...parameters });

describe('Signing Request → Update One Part (PATCH /signing-requests/{id})', () => {
	it('properties: sends only what is set, settings included, and clears completion values with null', async () => {
		const { output, error } = await patch({
			update: 'properties',
			properties: {
				name: 'Renamed',
				expiration_hours: 48,
				language: 'es',
				description: '',
				clear: ['completion_message'],
			},
			settingsMode: 'fields',
			settings: { hand_drawn_only: true },
		});
		expect(error).toBeUndefined();
		const request = onlyWrite(ctx.sandbox);
		expect(request).toMatchObject({ method: 'PATCH', path: `/signing-requests/${draft.id}` });
		expect(request.body).toEqual({
			name: 'Renamed',
			expiration_hours: 48,
			language: 'es',
			completion_message: null,
			settings: { hand_drawn_only: true },
		});
		const json = only(output);
		expect(json).toMatchObject({
			id: draft.id,
			name: 'Renamed',
			expiration_hours: 48,
			key_mode: 'live',
		});
	});

	it('recipient: adds one when no recipient is chosen, and folds a warning into warnings', async () => {
		const { output, error } = await patch({
			update: 'recipient',
			recipientId: '',
			recipientDetails: {
				first_name: 'Cleo',
				email: 'Cleo@Example.com',
				designation: 'Approver',
				order: 3,
				company: '',
			},
		});
		expect(error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toEqual({
			recipient: {
				first_name: 'Cleo',
				email: 'Cleo@Example.com',
				designation: 'Approver',
				order: 3,
			},
		});
		const json = only(output);
		expect(json).toMatchObject({ email: 'Cleo@Example.com', designation: 'Approver' });
		expect(json.warning).toBeUndefined();
		expect(json.warnings).toEqual([expect.stringContaining('Cleo@Example.com')]);
	});

	it('recipient: changes the chosen one, sending only the changed details', async () => {
		const ada = draft.recipients.find((r) => r.email === 'ada@example.com');
		const { output, error } = await patch({
			update: 'recipient',
			recipientId: ada?.id,
			recipientDetails: { last_name: 'King', title: 'Countess' },
		});
		expect(error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toEqual({
			recipient: { id: ada?.id, last_name: 'King', title: 'Countess' },
		});
		expect(only(output)).toMatchObject({ id: ada?.id, last_name: 'King', title: 'Countess' });
		expect(only(output).warnings).toBeUndefined();
	});

	it('field: adds a field in nested form, and changes an existing one', async () => {
		const ada = draft.recipients.find((r) => r.email === 'ada@example.com');
		const added = await patch({
			update: 'field',
			fieldId: '',
			fieldDetails: {
				type: 'initials',
				recipient_id: ada?.id,
				page_number: 1,
				x: 70,
				y: 90,
				width: 10,
				height: 5,
				required: true,
			},
		});
		expect(added.error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toEqual({
			field: {
				type: 'initial',
				recipient_id: ada?.id,
				page_number: 1,
				position: { x: 70, y: 90, width: 10, height: 5 },
				required: true,
			},
		});
		const fieldId = only(added.output).id as string;
		expect(fieldId).toMatch(/^[0-9a-f-]{36}$/);

		ctx.sandbox.clearRequests();
		const changed = await patch({
			update: 'field',
			fieldId,
			fieldDetails: { required: false, date_format: '' },
		});
		expect(changed.error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toEqual({ field: { id: fieldId, required: false } });
	});

	it('field: offers and sends the template PATCH field types (API reference B.3), e.g. radio buttons', async () => {
		const typeOption = (
			description as Array<{ name: string; options?: Array<{ name: string; value?: unknown }> }>
		)
			.find((p) => p.name === 'fieldDetails')
			?.options?.find((o) => o.name === 'type') as
			| { options: Array<{ value: string }> }
			| undefined;
		const offered = typeOption?.options.map((o) => o.value).sort();
		expect(offered).toEqual([...TEMPLATE_FIELD_TYPES].sort());
		expect(offered).not.toContain('image');

		const ada = draft.recipients.find((r) => r.email === 'ada@example.com');
		const { error } = await patch({
			update: 'field',
			fieldId: '',
			fieldDetails: {
				type: 'radio_buttons',
				recipient_id: ada?.id,
				page_number: 1,
				x: 5,
				y: 5,
				width: 10,
				height: 5,
			},
		});
		expect(error).toBeUndefined();
		expect(onlyWrite(ctx.sandbox).body).toMatchObject({ field: { type: 'radio_buttons' } });
	});

	it('seal participant: sends the swap', async () => {
		const participant = '11111111-2222-4333-8444-555555555555';
		const seal = '66666666-7777-4888-9999-000000000000';
		const { error } = await patch({
			update: 'sealParticipant',
			participantId: participant,
			swapToSealId: seal,
		});
		// The draft has no such participant: the request was still made exactly as the API wants it.
		expect(onlyWrite(ctx.sandbox).body).toEqual({
			seal_participant: { participant_id: participant, swap_to_seal_id: seal },
		});
		expect(error?.message).toMatch(/^Not found/);
	});

	it('checks the input before sending anything', async () => {
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ update: 'properties', properties: {} }, 'Nothing to update'],
			[
				{ update: 'properties', properties: { name: 'x'.repeat(300) } },
				'Properties: "Name" is 300 characters long; at most 255 are allowed',
			],
			[
				{
					update: 'recipient',
					recipientId: '',
					recipientDetails: { first_name: 'A', email: 'a@b.co' },
				},
				'Recipient Details: "Designation" is required for a new recipient',
			],
			[
				{
					update: 'recipient',
					recipientId: '',
					recipientDetails: { email: 'a@b.co', designation: 'Signer' },
				},
				'Recipient Details: "First Name" is required',
			],
			[{ update: 'recipient', recipientId: NO_SUCH_ID, recipientDetails: {} }, 'Nothing to update'],
			[
				{ update: 'recipient', recipientId: 'bob', recipientDetails: { order: 2 } },
				'"Recipient" is not a valid ID: "bob"',
			],
			[
				{ update: 'field', fieldId: '', fieldDetails: { type: 'text', page_number: 1 } },
				'Field Details: position.x is required',
			],
			[
				{ update: 'field', fieldId: NO_SUCH_ID, fieldDetails: { x: 5 } },
				'Field Details: give X, Y, Width and Height together',
			],
			[{ update: 'field', fieldId: NO_SUCH_ID, fieldDetails: {} }, 'Nothing to update'],
			[
				{ update: 'field', fieldId: NO_SUCH_ID, fieldDetails: { type: 'image' } },
				'Field Details: type "image" is not one of text, signature, date, checkbox, initial, dropdown, radio_buttons, text_area, url, file, stamp, approval_signature, approval_checkmark, approval_date',
			],
			[
				{ update: 'sealParticipant', participantId: 'p1', swapToSealId: NO_SUCH_ID },
				'"Seal Participant ID" is not a valid ID: "p1"',
			],
		];
		for (const [parameters, message] of cases) {
			const { error } = await patch(parameters);
			expect(error?.message).toBe(message);
		}
		const badId = await patch(
			{ update: 'properties', properties: { name: 'x' } },
			'={{ "not-an-id" }}',
		);
		expect(badId.error?.message).toBe('"Signing Request" is not a valid ID: "not-an-id"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('an edit after sending is refused by the service with a readable 400', async () => {
		const sent = await createSent(ctx.sandbox, 'Already out');
		ctx.sandbox.clearRequests();
		const { error } = await patch(
			{ update: 'properties', properties: { name: 'Too late' } },
			sent.id,
		);
		expect(onlyWrite(ctx.sandbox).status).toBe(400);
		expect(error?.message).toBe(
			'This signing request was already sent, so it can no longer be changed [ALREADY_SENT]',
		);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
		expect(
			(
				await api<{ name: string }>(
					ctx.sandbox,
					'GET',
					`/signing-requests/${sent.id}`,
					undefined,
					'test',
				)
			).body.name,
		).toBe('Already out');
	});
});
