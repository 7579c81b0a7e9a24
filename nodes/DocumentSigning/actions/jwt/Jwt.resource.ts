import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as generateSigningRequestToken from './generateSigningRequestToken.operation';
import * as generateTemplateToken from './generateTemplateToken.operation';
import * as revokeSigningRequestToken from './revokeSigningRequestToken.operation';
import * as revokeTemplateToken from './revokeTemplateToken.operation';

const operations = {
	generateTemplateToken,
	revokeTemplateToken,
	generateSigningRequestToken,
	revokeSigningRequestToken,
};

export const jwt: ResourceModule = {
	value: 'jwt',
	name: 'JWT',
	area: 'JWT Management',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['jwt'] } },
			options: operationOptions(operations),
			default: 'generateTemplateToken',
		},
		...operationFields('jwt', operations),
	],
};
