import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { getIdParameter } from '../../domain/ids';
import { parseJsonParameter } from '../../helpers/json';
import { toItems } from '../../helpers/output';
import { callApi } from '../../../shared/transport';
import { LANGUAGES } from '../../domain/languages';
import { workspaceLocator } from '../common.descriptions';
import {
	applyReset,
	checkSharedSettings,
	ownerSettingsOptions,
	readInherited,
	settingsBody,
} from '../company/settings.inputs';
import { settingLabel } from '../../domain/settings';
import type { OperationMeta } from '../types';
import { checkTimeZone } from '../../domain/timeZones';
import { EMAIL } from '../../domain/recipients';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'updateWorkspaceSettings',
	name: 'Update',
	action: 'Update workspace settings',
	description: "Change a workspace's settings; only the settings you add are changed",
	method: 'PUT',
	path: '/workspace/{workspace_id}/settings',
};

const EMAIL_LOCAL_PART = /^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/;

export const description: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Settings',
		name: 'settings',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		options: ownerSettingsOptions('workspace'),
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const id = getIdParameter(this, 'workspaceId', i, 'Workspace');
	const raw = this.getNodeParameter('settings', i, {}) as { reset?: unknown };
	const body = settingsBody(this, 'settings', i);
	readInherited(this, body);
	if (body.team_email !== undefined) {
		const email = String(body.team_email).trim();
		if (!EMAIL.test(email))
			fail(this, `"${settingLabel('team_email')}" is not a valid email address: "${email}"`);
		body.team_email = email;
	}
	if (body.timezone !== undefined) {
		body.timezone = checkTimeZone(this, body.timezone, settingLabel('timezone'));
	}
	if (body.email_local_part !== undefined) {
		const local = String(body.email_local_part).trim();
		if (local.length > 64 || !EMAIL_LOCAL_PART.test(local)) {
			fail(
				this,
				`"${settingLabel('email_local_part')}" is not valid: "${local.slice(0, 80)}"`,
				'Use 1–64 lower-case letters, digits, ".", "_" or "-", starting and ending with a letter or digit, e.g. "contracts".',
			);
		}
		body.email_local_part = local;
	}
	if (body.signing_button_label_overrides !== undefined) {
		const overrides = parseJsonParameter<IDataObject>(
			this,
			body.signing_button_label_overrides,
			settingLabel('signing_button_label_overrides'),
			'object',
		);
		for (const [language, labels] of Object.entries(overrides)) {
			if (!LANGUAGES.some((l) => l.value === language)) {
				fail(
					this,
					`"${settingLabel('signing_button_label_overrides')}": "${language}" is not a language of the service`,
					`Use one of: ${LANGUAGES.map((l) => l.value).join(', ')}.`,
				);
			}
			if (
				!labels ||
				typeof labels !== 'object' ||
				Array.isArray(labels) ||
				Object.values(labels).some((t) => typeof t !== 'string')
			) {
				fail(
					this,
					`"${settingLabel('signing_button_label_overrides')}": "${language}" must be an object of texts, e.g. {"finish": "Approve"}`,
				);
			}
		}
		if (Object.keys(overrides).length === 0) delete body.signing_button_label_overrides;
		else body.signing_button_label_overrides = overrides;
	}
	checkSharedSettings(this, body);
	applyReset(this, body, raw.reset);
	if (Object.keys(body).length === 0)
		fail(this, 'Add at least one setting to change in "Settings"');
	const response = await callApi(this, meta, { params: { workspace_id: id }, body });
	return toItems(response.body, response.keyMode);
}
