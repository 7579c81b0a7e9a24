import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { checkId, getIdParameter } from '../../domain/ids';
import { fillWorkspace, type NodeRun } from '../../domain/readBack';
import { checkField, fieldFormValues, fieldTypeOptions } from '../../domain/fields';
import { checkRecipient, CONTACT_FIELDS, personValues } from '../../domain/recipients';
import { checkSigningRequestProperties } from '../../domain/completion';
import { readSettings, settingsInput } from '../../domain/settings';
import {
	normaliseWarnings,
	simplifyField,
	simplifyItems,
	simplifyOn,
	toItems,
} from '../../helpers/output';
import { compact } from '../../helpers/validation';
import { callApi, getKeyMode } from '../../../shared/transport';
import { signingRequestLocator } from '../common.descriptions';
import { TEMPLATE_FIELD_TYPES } from '../template/template.inputs';
import { callName, type OperationMeta } from '../types';
import { ENDPOINTS } from '../../../shared/endpoints';
import { explainEditAfterSending, propertiesInput } from './common';
import { fail } from '../../helpers/errors';
import {
	NEW_SEAL_FIELD,
	readSealParticipant,
	SEAL_PARTICIPANT_FIELD,
} from '../../domain/sealParticipants';

export const meta: OperationMeta = {
	value: 'patchSigningRequest',
	name: 'Update One Part',
	action: 'Update one part of a signing request',
	subtitle: 'Update part of a request',
	description:
		'Change one part of a draft: its properties, one recipient or one field; once sent, only a seal participant',
	method: 'PATCH',
	path: '/signing-requests/{id}',
	// Simplify on: the credential's workspace, once per run (domain/readBack.ts).
	lookups: [callName(ENDPOINTS.getSigningRequest)],
	output: {
		// Properties: the answer is the request (its id, name, description, document and expiration),
		// in the one shape with Simplify on. A recipient or a field: that object; a seal participant:
		// the properties answer as the service gives it (no Simplify: it is made after sending).
		warnings: true,
		simplify: 'signingRequest',
		variants: [{ when: 'Update: Recipient, Field or Seal Participant', warnings: true }],
	},
};

type UpdateKind = 'properties' | 'recipient' | 'field' | 'sealParticipant';

const show = (kind: UpdateKind) => ({ show: { update: [kind] } });

const byName = (a: INodeProperties, b: INodeProperties) =>
	a.displayName.localeCompare(b.displayName);

/** One recipient's details: every key optional (only what is set is sent). */
const recipientDetailOptions: INodeProperties[] = [...personValues(), ...CONTACT_FIELDS].sort(
	byName,
);

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
	{ ...propertiesInput, displayOptions: show('properties') },
	...settingsInput('request').map((property) => ({
		...property,
		displayOptions: { show: { ...property.displayOptions?.show, update: ['properties'] } },
	})),
	{ ...simplifyField, displayOptions: show('properties') },
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
	{ ...SEAL_PARTICIPANT_FIELD.signingRequest, displayOptions: show('sealParticipant') },
	{ ...NEW_SEAL_FIELD.signingRequest, displayOptions: show('sealParticipant') },
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
			const properties = checkSigningRequestProperties(this, values, {
				keyMode,
				label: 'Properties',
			});
			const settings = readSettings(this, i, 'request');
			if (settings) properties.settings = settings;
			if (Object.keys(properties).length === 0) {
				fail(this, 'Nothing to update', 'Add at least one property or setting to change.');
			}
			return properties;
		}
		case 'recipient': {
			const rawId = String(this.getNodeParameter('recipientId', i, '') ?? '').trim();
			const details = compact(this.getNodeParameter('recipientDetails', i, {}) as IDataObject);
			const recipient = checkRecipient(this, details, 'Recipient Details', false, {
				requireIdentity: rawId === '',
			});
			if (rawId === '') {
				if (recipient.designation === undefined) {
					fail(this, 'Recipient Details: "Designation" is required for a new recipient');
				}
				return { recipient };
			}
			const id = checkId(this, rawId, 'Recipient');
			if (Object.keys(recipient).length === 0) {
				fail(this, 'Nothing to update', 'Add at least one recipient detail to change.');
			}
			return { recipient: { id, ...recipient } };
		}
		case 'field': {
			const rawId = String(this.getNodeParameter('fieldId', i, '') ?? '').trim();
			const id = rawId === '' ? undefined : checkId(this, rawId, 'Field ID');
			const details = compact(this.getNodeParameter('fieldDetails', i, {}) as IDataObject);
			const given = POSITION_KEYS.filter((key) => details[key] !== undefined);
			if (id && given.length > 0 && given.length < 4) {
				fail(
					this,
					'Field Details: give X, Y, Width and Height together',
					'A new position replaces the old one as a whole.',
				);
			}
			const field = checkField(this, id ? { ...details, id } : details, 'Field Details', false, {
				types: TEMPLATE_FIELD_TYPES,
			});
			if (field.recipient_id !== undefined)
				field.recipient_id = checkId(this, field.recipient_id, 'Recipient');
			if (id && Object.keys(field).length === 1) {
				fail(this, 'Nothing to update', 'Add at least one field detail to change.');
			}
			return { field };
		}
		case 'sealParticipant':
			return {
				seal_participant: readSealParticipant(this, i),
			};
	}
	return fail(this, `Unknown kind of update "${String(kind)}"`);
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	run: NodeRun,
): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'signingRequestId', i, 'Signing Request');
	const kind = this.getNodeParameter('update', i) as UpdateKind;
	const body = await buildBody.call(this, i, kind);
	const response = await callApi(this, meta, {
		params: { id },
		body,
		explain: explainEditAfterSending,
	});
	const items = toItems(normaliseWarnings(response.body), response.keyMode);
	// Only a draft's properties can be changed (api-reference §B.3).
	if (kind !== 'properties') return items;
	const simplified = simplifyItems(this, i, 'signingRequest', items, { id, status: 'draft' });
	return simplifyOn(this, i) ? await fillWorkspace(this, run, simplified) : simplified;
}
