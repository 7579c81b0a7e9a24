import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { checkId, getIdParameter } from '../../helpers/ids';
import {
	checkField,
	checkRecipient,
	checkSigningRequestProperties,
	readSettings,
} from '../../helpers/inputs';
import { normaliseWarnings, toItems } from '../../helpers/output';
import { compact } from '../../helpers/validation';
import { callApi, getKeyMode } from '../../transport';
import {
	CONTACT_FIELDS,
	DESIGNATION_FIELD,
	fieldFormValues,
	settingsInput,
	signingRequestLocator,
	signingRequestOptions,
} from '../common.descriptions';
import { fieldTypeOptions, TEMPLATE_FIELD_TYPES } from '../template/template.inputs';
import type { OperationMeta } from '../types';
import { explainEditAfterSending, fail } from './common';

export const meta: OperationMeta = {
	value: 'patchSigningRequest',
	name: 'Update One Part',
	action: 'Update one part of a signing request',
	description:
		'Change one thing of a draft: its properties, one recipient or one field. After sending, only a seal participant can be swapped.',
	method: 'PATCH',
	path: '/signing-requests/{id}',
};

type UpdateKind = 'properties' | 'recipient' | 'field' | 'sealParticipant';

const show = (kind: UpdateKind) => ({ show: { update: [kind] } });

const byName = (a: INodeProperties, b: INodeProperties) =>
	a.displayName.localeCompare(b.displayName);

/** One recipient's details: every key optional (only what is set is sent). */
const recipientDetailOptions: INodeProperties[] = (
	[
		{ displayName: 'First Name', name: 'first_name', type: 'string', default: '' },
		{ displayName: 'Last Name', name: 'last_name', type: 'string', default: '' },
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
		},
		{ ...DESIGNATION_FIELD },
		{
			displayName: 'Order',
			name: 'order',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description:
				'Signing order: lower numbers sign first. Signers and approvers share one sequence.',
		},
		...CONTACT_FIELDS,
	] as INodeProperties[]
).sort(byName);

/** One field's details: the fields form's values, each optional; the recipient is picked from the request. */
const fieldDetailOptions: INodeProperties[] = fieldFormValues()
	.filter((value) => value.name !== 'id')
	.map((value): INodeProperties => {
		const rest: INodeProperties = { ...value };
		delete rest.displayOptions;
		// The API reference (B.3): this field takes the template PATCH field's types.
		if (value.name === 'type') return { ...rest, options: fieldTypeOptions(TEMPLATE_FIELD_TYPES) };
		if (value.name !== 'recipient_id') return rest;
		return {
			...rest,
			displayName: 'Recipient Name or ID',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getSigningRequestRecipients',
				loadOptionsDependsOn: ['signingRequestId.value'],
			},
			description:
				'The recipient who fills the field. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		};
	})
	.sort(byName);

export const description: INodeProperties[] = [
	signingRequestLocator,
	{
		displayName: 'Update',
		name: 'update',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Field', value: 'field', description: 'Add a field, or change one' },
			{
				name: 'Properties',
				value: 'properties',
				description: 'Name, description, expiration, language, completion page, settings',
			},
			{ name: 'Recipient', value: 'recipient', description: 'Add a recipient, or change one' },
			{
				name: 'Seal Participant',
				value: 'sealParticipant',
				description:
					'Swap the organization seal of a seal participant (also possible after sending)',
			},
		],
		default: 'properties',
		description: 'What to change: the service accepts one kind of change per request',
	},
	// Properties
	{
		displayName: 'Properties',
		name: 'properties',
		type: 'collection',
		placeholder: 'Add Property',
		default: {},
		options: signingRequestOptions({ name: true, clear: true }),
		displayOptions: show('properties'),
	},
	...settingsInput().map((property) => ({
		...property,
		displayOptions: { show: { ...property.displayOptions?.show, update: ['properties'] } },
	})),
	// Recipient
	{
		displayName: 'Recipient Name or ID',
		name: 'recipientId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getSigningRequestRecipients',
			loadOptionsDependsOn: ['signingRequestId.value'],
		},
		default: '',
		description:
			'The recipient to change; leave empty to add a new one. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: show('recipient'),
	},
	{
		displayName: 'Recipient Details',
		name: 'recipientDetails',
		type: 'collection',
		placeholder: 'Add Detail',
		default: {},
		description:
			'A new recipient needs First Name, Email and Designation (and usually Order; without it, it comes last); for a change, set only what changes',
		options: recipientDetailOptions,
		displayOptions: show('recipient'),
	},
	// Field
	{
		displayName: 'Field Name or ID',
		name: 'fieldId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getSigningRequestFields',
			loadOptionsDependsOn: ['signingRequestId.value'],
		},
		default: '',
		description:
			'The field to change (Get Fields lists them); leave empty to add a new field. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: show('field'),
	},
	{
		displayName: 'Field Details',
		name: 'fieldDetails',
		type: 'collection',
		placeholder: 'Add Detail',
		default: {},
		description:
			'A new field needs Type, Page Number and the full position (X, Y, Width, Height, in % of the page); for a change, set only what changes',
		options: fieldDetailOptions,
		displayOptions: show('field'),
	},
	// Seal participant
	{
		displayName: 'Seal Participant Name or ID',
		name: 'participantId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getSigningRequestSealParticipants',
			loadOptionsDependsOn: ['signingRequestId.value'],
		},
		default: '',
		required: true,
		description:
			'The seal participant whose seal to swap (seal_participants of Get with Simplify off). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: show('sealParticipant'),
	},
	{
		displayName: 'New Seal Name or ID',
		name: 'swapToSealId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getOrganizationSeals' },
		default: '',
		required: true,
		description:
			'The organization seal the participant uses from now on. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: show('sealParticipant'),
	},
];

const POSITION_KEYS = ['x', 'y', 'width', 'height'];

async function buildBody(
	this: IExecuteFunctions,
	i: number,
	kind: UpdateKind,
): Promise<IDataObject> {
	switch (kind) {
		case 'properties': {
			const keyMode = await getKeyMode.call(this, i);
			const values = this.getNodeParameter('properties', i, {}) as IDataObject;
			const properties = checkSigningRequestProperties(this, i, values, {
				keyMode,
				label: 'Properties',
			});
			const settings = readSettings(this, i);
			if (settings) properties.settings = settings;
			if (Object.keys(properties).length === 0) {
				fail(this, i, 'Nothing to update', 'Add at least one property or setting to change.');
			}
			return properties;
		}
		case 'recipient': {
			const rawId = String(this.getNodeParameter('recipientId', i, '') ?? '').trim();
			const details = compact(this.getNodeParameter('recipientDetails', i, {}) as IDataObject);
			const recipient = checkRecipient(this, i, details, 'Recipient Details', false, {
				requireIdentity: rawId === '',
			});
			if (rawId === '') {
				if (recipient.designation === undefined) {
					fail(this, i, 'Recipient Details: "Designation" is required for a new recipient');
				}
				return { recipient };
			}
			const id = checkId(this, rawId, 'Recipient', i);
			if (Object.keys(recipient).length === 0) {
				fail(this, i, 'Nothing to update', 'Add at least one recipient detail to change.');
			}
			return { recipient: { id, ...recipient } };
		}
		case 'field': {
			const rawId = String(this.getNodeParameter('fieldId', i, '') ?? '').trim();
			const id = rawId === '' ? undefined : checkId(this, rawId, 'Field ID', i);
			const details = compact(this.getNodeParameter('fieldDetails', i, {}) as IDataObject);
			const given = POSITION_KEYS.filter((key) => details[key] !== undefined);
			if (id && given.length > 0 && given.length < 4) {
				fail(
					this,
					i,
					'Field Details: give X, Y, Width and Height together',
					'A new position replaces the old one as a whole.',
				);
			}
			const field = checkField(this, i, id ? { ...details, id } : details, 'Field Details', false, {
				types: TEMPLATE_FIELD_TYPES,
			});
			if (field.recipient_id !== undefined)
				field.recipient_id = checkId(this, field.recipient_id, 'Recipient', i);
			if (id && Object.keys(field).length === 1) {
				fail(this, i, 'Nothing to update', 'Add at least one field detail to change.');
			}
			return { field };
		}
		case 'sealParticipant':
			return {
				seal_participant: {
					participant_id: checkId(
						this,
						this.getNodeParameter('participantId', i, ''),
						'Seal Participant ID',
						i,
					),
					swap_to_seal_id: checkId(
						this,
						this.getNodeParameter('swapToSealId', i, ''),
						'New Seal ID',
						i,
					),
				},
			};
	}
	return fail(this, i, `Unknown kind of update "${String(kind)}"`);
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const kind = this.getNodeParameter('update', i) as UpdateKind;
	const body = await buildBody.call(this, i, kind);
	const response = await callApi(this, meta, {
		params: { id },
		body,
		explain: explainEditAfterSending,
	});
	return toItems(normaliseWarnings(response.body), response.keyMode);
}
