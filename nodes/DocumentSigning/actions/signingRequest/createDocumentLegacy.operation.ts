import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { normaliseWarnings, toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import { fail } from '../../helpers/errors';
import { EMAIL } from '../../domain/recipients';
import { signingRequestNameField } from './common';

export const meta: OperationMeta = {
	value: 'createDocumentLegacy',
	name: 'Create (Legacy)',
	action: 'Create a signing request the legacy way (deprecated)',
	subtitle: 'Create a request (legacy)',
	description:
		'Deprecated: only for workflows on the old POST /documents call. For new workflows use Create and Send.',
	toolDescription:
		'Deprecated; do not use. To prepare a document for signature use "Create a draft signing request"; to send one, "Create and send a document for signature".',
	method: 'POST',
	path: '/documents',
	output: { warnings: true },
};

export const description: INodeProperties[] = [
	{
		displayName:
			"Deprecated: in new workflows use Create and Send (or Create for a draft). This operation only keeps workflows running that were built on the service's old POST /documents call.",
		name: 'legacyNotice',
		type: 'notice',
		default: '',
	},
	signingRequestNameField,
	{
		displayName: 'Recipients',
		name: 'legacyRecipients',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Recipient',
		default: {},
		required: true,
		options: [
			{
				name: 'recipient',
				displayName: 'Recipient',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true },
					{
						displayName: 'Email',
						name: 'email',
						type: 'string',
						placeholder: 'name@email.com',
						default: '',
						required: true,
					},
				],
			},
		],
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const name = String(this.getNodeParameter('name', i, '') ?? '').trim();
	if (name === '') fail(this, '"Name" is required');
	if (name.length > 255)
		fail(this, `"Name" is ${name.length} characters long; at most 255 are allowed`);
	const collection = this.getNodeParameter('legacyRecipients', i, {}) as IDataObject;
	const entries = Object.values(collection).flatMap((value) =>
		Array.isArray(value) ? (value as IDataObject[]) : [],
	);
	if (entries.length === 0) fail(this, 'Add at least one recipient');
	const recipients = entries.map((entry, index) => {
		const recipientName = String(entry.name ?? '').trim();
		const email = String(entry.email ?? '').trim();
		if (recipientName === '') fail(this, `Recipient ${index + 1}: "Name" is required`);
		if (email === '') fail(this, `Recipient ${index + 1}: "Email" is required`);
		if (!EMAIL.test(email))
			fail(this, `Recipient ${index + 1}: "${email}" is not an email address`);
		return { name: recipientName, email };
	});
	const response = await callApi(this, meta, { body: { name, recipients } });
	return toItems(normaliseWarnings(response.body), response.keyMode);
}
