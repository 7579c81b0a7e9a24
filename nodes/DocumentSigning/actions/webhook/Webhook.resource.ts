import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as createWebhook from './createWebhook.operation';
import * as deleteWebhook from './deleteWebhook.operation';
import * as getWebhook from './getWebhook.operation';
import * as getWebhookSecretStatus from './getWebhookSecretStatus.operation';
import * as getWorkspaceWebhookSecretStatus from './getWorkspaceWebhookSecretStatus.operation';
import * as listWebhooks from './listWebhooks.operation';
import * as rotateWebhookSecret from './rotateWebhookSecret.operation';
import * as rotateWorkspaceWebhookSecret from './rotateWorkspaceWebhookSecret.operation';
import * as testWebhook from './testWebhook.operation';
import * as updateWebhook from './updateWebhook.operation';

const operations = {
	listWebhooks,
	createWebhook,
	getWebhook,
	updateWebhook,
	deleteWebhook,
	testWebhook,
	rotateWebhookSecret,
	getWebhookSecretStatus,
	rotateWorkspaceWebhookSecret,
	getWorkspaceWebhookSecretStatus,
};

export const webhook: ResourceModule = {
	value: 'webhook',
	name: 'Webhook',
	area: 'Webhooks',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['webhook'] } },
			options: operationOptions(operations),
			default: 'listWebhooks',
		},
		...operationFields('webhook', operations),
	],
};
