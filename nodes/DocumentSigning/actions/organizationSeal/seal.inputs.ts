import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { Explainer, ApiResponse } from '../../../shared/transport';
import { describeBinary, readInputBinary } from '../../helpers/binary';
import { toItems } from '../../helpers/output';
import { LANGUAGES } from '../../domain/languages';
import { fail } from '../../helpers/errors';
import type { OperationOutput } from '../../helpers/output';

/**
 * What the Organization Seal operations share: the PNG image input, the statement fields, the
 * wording of the seal error codes and the output (with the edge gateway's deprecation note).
 * Not an operation itself.
 */

/**
 * Seal images travel as a data URI inside a JSON body; the service's request limit is about 6 MB
 * (~4.5 MB of raw file, api-reference §X.17), so larger images are refused before sending.
 */
export const MAX_SEAL_IMAGE_BYTES = Math.floor(4.5 * 1024 * 1024);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPngBytes(bytes: Buffer): boolean {
	return bytes.length > 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** The input binary property holding the seal image. Parameter name: imageBinaryPropertyName. */
export const imageBinaryProperty: INodeProperties = {
	displayName: 'Image Binary Field',
	name: 'imageBinaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the input binary field holding the seal image: a PNG file (at most 4.5 MB)',
};

/**
 * Reads the seal image from an input binary property and returns it as a PNG data URI, after
 * checking it is there, really is a PNG (by its bytes, not its name) and is not too large.
 */
export async function readPngDataUri(
	context: IExecuteFunctions,
	itemIndex: number,
	propertyName: unknown,
	fieldLabel = 'Image Binary Field',
): Promise<string> {
	const {
		data: buffer,
		binary,
		property,
	} = await readInputBinary.call(
		context,
		itemIndex,
		String(propertyName ?? ''),
		fieldLabel,
		'the PNG image',
	);
	if (!isPngBytes(buffer)) {
		fail(
			context,
			`The file in binary property "${property}" is not a PNG image`,
			`${describeBinary(binary)} Seal images must be PNG files; convert the image to PNG first.`,
		);
	}
	if (buffer.length > MAX_SEAL_IMAGE_BYTES) {
		fail(
			context,
			`The PNG in binary property "${property}" is ${(buffer.length / (1024 * 1024)).toFixed(1)} MB; seal images can be at most 4.5 MB`,
		);
	}
	return `data:image/png;base64,${buffer.toString('base64')}`;
}

export const SEAL_KIND_OPTIONS = [
	{ name: 'Drawn', value: 'drawn', description: 'A hand-drawn seal, sent as a PNG image' },
	{ name: 'Typed', value: 'typed', description: 'Text the service renders as the seal image' },
	{ name: 'Uploaded', value: 'uploaded', description: 'An uploaded PNG image of the seal' },
];

/** Statement language (the 15 languages of the service). */
export const statementLanguageField: INodeProperties = {
	displayName: 'Statement Language',
	name: 'statementLanguage',
	type: 'options',
	options: [...LANGUAGES],
	default: 'en',
	required: true,
	description: 'Language of the statement the signatory accepts',
};

export const acceptStatementField: INodeProperties = {
	displayName: 'Signatory Accepts the Statement',
	name: 'statementAccepted',
	type: 'boolean',
	default: false,
	required: true,
	description:
		'Whether the signatory has read and accepts the statement. The service refuses a seal without this confirmation, so it must be on.',
};

/** Checks the statement confirmation before sending. */
export function requireAccepted(context: IExecuteFunctions, accepted: unknown): void {
	if (accepted !== true) {
		fail(
			context,
			'"Signatory Accepts the Statement" must be on',
			'The service only stores a seal whose signatory has accepted the statement. Turn the option on once the signatory has confirmed it.',
		);
	}
}

/** Clear words for the seal error codes (api-reference §E.2). */
export const sealErrorExplainer: Explainer = ({ status, code }) => {
	switch (code) {
		case 'SEAL_SCOPE_FORBIDDEN':
			return {
				message: 'Company-scope seals need the protected (company-level) API key',
				description:
					'Use the API key of the protected workspace in the credential, or choose the workspace scope.',
			};
		case 'PROTECTED_KEY_REQUIRED':
			return {
				message: 'This operation needs the protected (company-level) API key',
				description: 'Use the API key of the protected workspace in the credential.',
			};
		case 'SEAL_ALREADY_REVOKED':
			return {
				message: 'This seal has already been revoked',
				description: 'A revoked seal cannot be revoked or changed again.',
			};
		case 'SEAL_ERASE_NOT_ELIGIBLE':
			return {
				message: 'Only a revoked seal can be erased',
				description: 'Revoke the seal first (operation "Revoke"), then erase its lineage.',
			};
		case 'SEAL_IMAGE_INVALID':
			return {
				message: 'The service did not accept the seal image',
				description: 'Seal images must be PNG files.',
			};
		case 'SEAL_MUTATION_NOT_ALLOWED':
			return {
				message: 'This seal version cannot be changed',
				description:
					'Only the latest version of a seal can be changed: pick the current seal (changing the image creates a new version with a new ID).',
			};
		case 'SEAL_CREATION_DISABLED_EDGE':
			return {
				message: 'Seal images cannot be processed through the edge gateway',
				description: "Point the credential's Base URL at the primary API host and run this again.",
			};
		case 'SEALS_DISABLED':
			return { message: 'Organization seals are not enabled for this account' };
		case 'SEAL_NOT_FOUND':
			return {
				message: 'Organization seal not found',
				description: "Check the seal ID, and that this API key can reach the seal's workspace.",
			};
		default:
			return status === 404 ? { message: 'Organization seal not found' } : undefined;
	}
};

/**
 * The output item of a seal write. When the edge gateway answers with `X-Service-Deprecation`
 * (the operation belongs on the primary API host), the note also lands in `warnings` (the
 * transport has already shown it as an execution hint).
 */
/** The output of Create and Update (`sealWriteItems`): the seal, and a warning when the host is deprecated. */
export const SEAL_WRITE_OUTPUT: OperationOutput = {
	fields: { 'warnings?': { type: 'array', items: { type: 'string' } } },
};

export function sealWriteItems(response: ApiResponse): INodeExecutionData[] {
	const body: IDataObject = { ...(response.body ?? {}) };
	const header = Object.entries(response.headers ?? {}).find(
		([name]) => name.toLowerCase() === 'x-service-deprecation',
	);
	const note = header ? String(Array.isArray(header[1]) ? header[1].join(', ') : header[1]) : '';
	if (note) {
		const warnings = Array.isArray(body.warnings) ? [...(body.warnings as string[])] : [];
		warnings.push(
			`The service says this operation belongs on the primary API host (X-Service-Deprecation): ${note}`,
		);
		body.warnings = warnings;
	}
	return toItems(body, response.keyMode);
}

/** A required text parameter, trimmed and checked for length; errors name the field. */
export function requiredText(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	max: number | undefined,
): string {
	const text = String(value ?? '').trim();
	if (text === '') {
		fail(context, `"${label}" is empty`);
	}
	if (max !== undefined && text.length > max) {
		fail(context, `"${label}" is ${text.length} characters long; at most ${max} are allowed`);
	}
	return text;
}

/**
 * For calls without a seal id in the path (list, create): a 404 there is about something else
 * (e.g. the workspace), so it keeps the service's own words.
 */
export const sealListErrorExplainer: Explainer = (info) =>
	info.status === 404 && info.code !== 'SEAL_NOT_FOUND' ? undefined : sealErrorExplainer(info);
