import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { binaryItem, decodeDataUri, fileNameFor } from '../../helpers/binary';
import { checkId, getIdParameter } from '../../domain/ids';
import type { Explainer } from '../../../shared/transport';
import { callApi } from '../../../shared/transport';
import { outputBinaryProperty, signingRequestLocator } from '../common.descriptions';
import type { OperationOutput } from '../../helpers/output';
import { callName, type OperationMeta } from '../types';
import { meta as listSigningRequestUsers } from './listSigningRequestUsers.operation';

/**
 * What the signer-retrieval operations (signature, initials, stamp, uploaded file) share: their
 * parameters, the signer's name for the file name, and the wording of their errors.
 * Not an operation itself.
 */

/** The signer, picked from the recipients of the chosen signing request. Parameter: signerId. */
export const signerField: INodeProperties = {
	displayName: 'Signer Name or ID',
	name: 'signerId',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getSigningRequestRecipients',
		loadOptionsDependsOn: ['signingRequestId.value'],
	},
	default: '',
	required: true,
	description:
		'The recipient who signed. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** A field of the signing request (stamp or file field). Parameter: fieldId. */
export function fieldIdField(kind: 'stamp' | 'file'): INodeProperties {
	return {
		displayName: kind === 'stamp' ? 'Stamp Field ID' : 'File Field ID',
		name: 'fieldId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '123e4567-e89b-42d3-a456-426614174000',
		description:
			kind === 'stamp'
				? 'The ID of the stamp field whose stamp to get (see the Get Fields operation)'
				: 'The ID of the file field whose upload to get (see the Get Fields operation)',
	};
}

export const includeFrameField: INodeProperties = {
	displayName: 'Include Frame',
	name: 'includeFrame',
	type: 'boolean',
	default: true,
	description: 'Whether the image includes the frame drawn around the mark on the document',
};

export type MarkKind = 'signature' | 'initials' | 'stamp';

const NOT_CAPTURED: Record<MarkKind | 'file', { message: string; description: string }> = {
	signature: {
		message: 'This signer has not signed yet: there is no signature to get',
		description:
			'A signature exists once the signer has signed. Wait for the signer (for example with the "recipient signed" event of the Document Signing Trigger), then run this again.',
	},
	initials: {
		message: 'This signer has no initials yet',
		description:
			'Initials exist once the signer has initialled the document (it needs an initials field for them). Run this again after the signer has signed.',
	},
	stamp: {
		message: 'This signer has not stamped this field yet',
		description:
			'A stamp exists once the signer has filled the stamp field. Check the field ID and run this again after the signer has signed.',
	},
	file: {
		message: 'This signer has not uploaded a file in this field yet',
		description:
			'A file exists once the signer has filled the file field. Check the field ID and run this again after the signer has signed.',
	},
};

/** Clear words for "nothing captured yet" and "that is not a stamp / file field". */
export function signerErrorExplainer(kind: MarkKind | 'file'): Explainer {
	return ({ status, code }) => {
		if (status === 404 && code === 'SIGNATURE_NOT_AVAILABLE') return NOT_CAPTURED[kind];
		if (status === 400 && code === 'INVALID_FIELD_TYPE') {
			return {
				message: `"${kind === 'stamp' ? 'Stamp' : 'File'} Field ID" is not a ${kind} field`,
				description: `Use the ID of a field of type ${kind} of this signing request (the Get Fields operation lists them with their types).`,
			};
		}
		return undefined;
	};
}

export interface SignerTarget {
	signingRequestId: string;
	signerId: string;
	/** Stamp and file operations only. */
	fieldId?: string;
}

/** Reads and checks the ids (before any request). */
export function readSignerTarget(
	context: IExecuteFunctions,
	i: number,
	fieldKind?: 'stamp' | 'file',
): SignerTarget {
	const signingRequestId = getIdParameter(context, 'signingRequestId', i, 'Signing Request');
	const signerId = checkId(context, context.getNodeParameter('signerId', i, ''), 'Signer');
	const target: SignerTarget = { signingRequestId, signerId };
	if (fieldKind) {
		const label = fieldIdField(fieldKind).displayName;
		target.fieldId = checkId(context, context.getNodeParameter('fieldId', i, ''), label);
	}
	return target;
}

function nameOf(person: IDataObject): string {
	const name = String(person.name ?? '').trim();
	if (name) return name;
	return [person.first_name, person.last_name]
		.filter((part) => part !== undefined && part !== null && String(part).trim() !== '')
		.join(' ')
		.trim();
}

/** The `lookups` of the operations that name their file after the signer (`signerNameFor`). */
export const SIGNER_NAME_LOOKUPS = [callName(listSigningRequestUsers)];

/**
 * The signer's name for file names, from the request's recipients (GET …/users: the mark's
 * answer has only signer_id); the id when that does not tell (the file is still delivered).
 */
export async function signerNameFor(
	context: IExecuteFunctions,
	target: SignerTarget,
): Promise<string> {
	try {
		const users = (
			await callApi<{ results?: IDataObject[] } | IDataObject[]>(context, listSigningRequestUsers, {
				params: { id: target.signingRequestId },
			})
		).body;
		const list = Array.isArray(users) ? users : (users.results ?? []);
		const signer = list.find((user) => String(user.id).toLowerCase() === target.signerId);
		const name = signer ? nameOf(signer) : '';
		return name || target.signerId;
	} catch {
		// Only the file name depends on it: the mark itself was retrieved.
		return target.signerId;
	}
}

const EXTENSIONS: Record<string, string> = {
	'image/png': 'png',
	'image/jpeg': 'jpg',
	'image/gif': 'gif',
	'image/webp': 'webp',
	'image/svg+xml': 'svg',
};

/** The output of the signature, initials and stamp operations: the answer without the image (it is the binary). */
export const MARK_OUTPUT: OperationOutput = {
	omit: ['image'],
	fields: { image_size: { type: 'integer' } },
};

/** Signature, initials or stamp of a signer as a PNG binary, from the operation's endpoint. */
export async function retrieveSignerMark(
	this: IExecuteFunctions,
	i: number,
	kind: MarkKind,
	endpoint: OperationMeta,
): Promise<INodeExecutionData[]> {
	const target = readSignerTarget(this, i, kind === 'stamp' ? 'stamp' : undefined);
	const includeFrame = this.getNodeParameter('includeFrame', i, true) as boolean;
	const response = await callApi(this, endpoint, {
		params: {
			id: target.signingRequestId,
			signer_id: target.signerId,
			...(kind === 'stamp' ? { field_id: target.fieldId ?? '' } : {}),
		},
		qs: { include_frame: includeFrame },
		explain: signerErrorExplainer(kind),
	});
	const { image, ...rest } = response.body;
	const decoded = decodeDataUri(image);
	if (!decoded || decoded.data.length === 0) {
		throw new NodeOperationError(this.getNode(), `The service returned no ${kind} image`, {
			description: `Expected a data:image/png;base64,… image, got: ${String(image ?? 'nothing').slice(0, 80)}`,
		});
	}
	const json: IDataObject = {
		...rest,
		image_size: decoded.data.length,
		key_mode: response.keyMode,
	};
	const name = await signerNameFor(this, target);
	const extension = EXTENSIONS[decoded.mimeType.toLowerCase()] ?? 'png';
	const fileName = fileNameFor(`${name}-${kind}`, extension);
	const property =
		String(this.getNodeParameter('outputBinaryPropertyName', i, 'data') ?? '').trim() || 'data';
	return [await binaryItem.call(this, json, decoded.data, fileName, decoded.mimeType, property)];
}

/** The parameters of the signature / initials / stamp operations. */
export function markDescription(kind: MarkKind): INodeProperties[] {
	return [
		signingRequestLocator,
		signerField,
		...(kind === 'stamp' ? [fieldIdField('stamp')] : []),
		includeFrameField,
		outputBinaryProperty,
	];
}
