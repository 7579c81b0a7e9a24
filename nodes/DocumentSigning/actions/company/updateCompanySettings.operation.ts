import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import type { OperationMeta } from '../types';
import {
	applyReset,
	checkSharedSettings,
	ownerSettingsOptions,
	settingsBody,
} from './settings.inputs';
import { settingLabel } from '../../domain/settings';
import { checkTimeZone } from '../../domain/timeZones';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'updateCompanySettings',
	name: 'Update Settings',
	action: 'Update the settings of the company',
	subtitle: 'Update company settings',
	description:
		'Change company-wide defaults; only the settings you add are changed (needs the protected key)',
	method: 'PUT',
	path: '/company/settings',
};

export const description: INodeProperties[] = [
	{
		displayName: 'Settings',
		name: 'settings',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		options: ownerSettingsOptions('company'),
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const raw = this.getNodeParameter('settings', i, {}) as { reset?: unknown };
	const body = settingsBody(this, 'settings', i);
	if (body.default_timezone !== undefined) {
		body.default_timezone = checkTimeZone(
			this,
			body.default_timezone,
			settingLabel('default_timezone'),
		);
	}
	if (body.default_expiration_hours !== undefined) {
		const hours = Number(body.default_expiration_hours);
		if (!Number.isInteger(hours) || hours < 1) {
			fail(
				this,
				`"${settingLabel('default_expiration_hours')}" must be a whole number of at least 1`,
			);
		}
		body.default_expiration_hours = hours;
	}
	checkSharedSettings(this, body);
	applyReset(this, body, raw.reset);
	if (Object.keys(body).length === 0) {
		fail(this, 'Add at least one setting to change in "Settings"');
	}
	const response = await callApi(this, meta, { body });
	return toItems(response.body, response.keyMode);
}
