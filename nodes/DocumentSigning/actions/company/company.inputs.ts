import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LANGUAGES } from '../../domain/languages';
import { fail } from '../../helpers/errors';
import { parseUrl } from '../../../shared/url';
import { EMAIL } from '../../domain/recipients';

/** The company's editable details (PUT / PATCH /company) and their checks before sending. */

export const COMPANY_FIELDS: ReadonlyArray<{ key: string; label: string }> = [
	{ key: 'name', label: 'Name' },
	{ key: 'account_owner', label: 'Account Owner' },
	{ key: 'account_owner_email', label: 'Account Owner Email' },
	{ key: 'website', label: 'Website' },
	{ key: 'language', label: 'Language' },
];

export const companyFieldValues: INodeProperties[] = [
	{
		displayName: 'Account Owner',
		name: 'account_owner',
		type: 'string',
		default: '',
		description: 'Name of the person who owns the account (at most 255 characters)',
	},
	{
		displayName: 'Account Owner Email',
		name: 'account_owner_email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	},
	{
		displayName: 'Language',
		name: 'language',
		type: 'options',
		options: [...LANGUAGES],
		default: 'en',
		description: 'Default language of the company',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'Company name (at most 255 characters)',
	},
	{
		displayName: 'Website',
		name: 'website',
		type: 'string',
		default: '',
		placeholder: 'https://example.com',
	},
];

/** Trims and checks the company keys present in `body` (in place), naming the field. */
export function checkCompanyFields(context: IExecuteFunctions, body: IDataObject): IDataObject {
	for (const { key, label } of COMPANY_FIELDS) {
		if (body[key] === undefined) continue;
		const value = String(body[key] ?? '').trim();
		if (value === '') fail(context, `"${label}" is empty`);
		if ((key === 'name' || key === 'account_owner') && value.length > 255) {
			fail(
				context,
				`"${label}" is ${value.length} characters long; the service accepts at most 255`,
			);
		}
		if (key === 'account_owner_email' && !EMAIL.test(value))
			fail(context, `"${label}" is not a valid email address: "${value}"`);
		if (key === 'website') {
			if (!/^https?:\/\//i.test(value) || !parseUrl(value))
				fail(context, `"${label}" must be a web address starting with https:// or http://`);
		}
		if (key === 'language' && !LANGUAGES.some((l) => l.value === value)) {
			fail(context, `"${label}" must be one of: ${LANGUAGES.map((l) => l.value).join(', ')}`);
		}
		body[key] = value;
	}
	return body;
}
