import type { ResourceModule } from '../types';
import { operationFields, operationOptions } from '../resource';
import * as cancelSigningRequest from './cancelSigningRequest.operation';
import * as catchUpAfterRestart from './catchUpAfterRestart.operation';
import * as createAndSendSigningRequest from './createAndSendSigningRequest.operation';
import * as createDocumentLegacy from './createDocumentLegacy.operation';
import * as createSigningRequest from './createSigningRequest.operation';
import * as deleteSigningRequest from './deleteSigningRequest.operation';
import * as getSigningRequest from './getSigningRequest.operation';
import * as listSigningRequests from './listSigningRequests.operation';
import * as patchSigningRequest from './patchSigningRequest.operation';
import * as resendSigningRequest from './resendSigningRequest.operation';
import * as sendSigningRequest from './sendSigningRequest.operation';
import * as sendAndWaitSigningRequest from './sendAndWaitSigningRequest.operation';
import * as updateSigningRequest from './updateSigningRequest.operation';
import * as deleteSealParticipant from './deleteSealParticipant.operation';
import * as downloadSigningRequest from './downloadSigningRequest.operation';
import * as listSigningRequestAuditTrail from './listSigningRequestAuditTrail.operation';
import * as listSigningRequestFields from './listSigningRequestFields.operation';
import * as listSigningRequestReminders from './listSigningRequestReminders.operation';
import * as listSigningRequestUsers from './listSigningRequestUsers.operation';
import * as retrieveSignerFile from './retrieveSignerFile.operation';
import * as retrieveSignerInitials from './retrieveSignerInitials.operation';
import * as retrieveSignerSignature from './retrieveSignerSignature.operation';
import * as retrieveSignerStamp from './retrieveSignerStamp.operation';

const operations = {
	listSigningRequests,
	createSigningRequest,
	createAndSendSigningRequest,
	getSigningRequest,
	patchSigningRequest,
	updateSigningRequest,
	deleteSigningRequest,
	sendSigningRequest,
	sendAndWaitForCompletion: sendAndWaitSigningRequest,
	cancelSigningRequest,
	resendSigningRequest,
	createDocumentLegacy,
	listSigningRequestUsers,
	listSigningRequestFields,
	listSigningRequestReminders,
	listSigningRequestAuditTrail,
	downloadSigningRequest,
	retrieveSignerSignature,
	retrieveSignerInitials,
	retrieveSignerStamp,
	retrieveSignerFile,
	deleteSealParticipant,
	catchUpAfterRestart,
};

/** First in the Operation dropdown and the node panel: the signing flow, in its order. */
const LEADING = [
	'createAndSendSigningRequest',
	'createSigningRequest',
	'sendSigningRequest',
	'sendAndWaitForCompletion',
	'getSigningRequest',
	'listSigningRequests',
	'downloadSigningRequest',
];

export const signingRequest: ResourceModule = {
	value: 'signingRequest',
	name: 'Signing Request',
	area: 'Signing Requests',
	operations,
	description: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['signingRequest'] } },
			options: operationOptions(operations, LEADING),
			default: 'createSigningRequest',
		},
		...operationFields('signingRequest', operations),
	],
};
