/**
 * An in-memory `ICredentialsHelper` that behaves like n8n's CLI CredentialsHelper
 * (packages/cli/src/credentials-helper.ts) for the parts a node can observe:
 *
 * - `getDecrypted` returns the given (already decrypted) data with the credential type's defaults
 *   applied and `={{ }}` expressions in the data resolved ("applyDefaultsAndOverwrites").
 * - `authenticate` applies the credential type's `authenticate`: a function is called as is; a
 *   `generic` block has every key and value of headers/qs/body/auth resolved as an expression
 *   with `$credentials` available and merged into the request options.
 * - `preAuthentication` refreshes an `expirable` hidden property via the type's
 *   `preAuthentication` when it is empty or expired (no persistence: the data object is updated).
 *
 * Every request that passed through `authenticate` is recorded in `requests` (after auth), which
 * lets tests assert exactly what n8n would have sent.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialsExpressionResolveValues,
	ICredentialType,
	IDataObject,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	ApplicationError,
	deepCopy,
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
} from 'n8n-workflow';

import { core } from './core';

/** Decrypted credential data keyed by credential type name. */
export interface CredentialsInput {
	[credentialTypeName: string]: IDataObject;
}

/** A recorded, authenticated request (a snapshot of the options handed to the HTTP client). */
export type RecordedRequest = IHttpRequestOptions;

const MOCK_NODE_TYPE = 'n8n-harness.credentialsMock';

/** A throw-away workflow used to resolve expressions when the caller passed none (as n8n does). */
function createMockWorkflow(): { workflow: Workflow; node: INode } {
	const node: INode = {
		id: 'harness-credentials-mock',
		name: 'Credentials Mock',
		type: MOCK_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const mockType: INodeType = {
		description: {
			displayName: 'Credentials Mock',
			name: MOCK_NODE_TYPE,
			group: [],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: [],
			properties: [],
		},
	};
	const nodeTypes: INodeTypes = {
		getByName: () => mockType,
		getByNameAndVersion: () => mockType,
		getKnownTypes: () => ({}),
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return { workflow, node };
}

export class HarnessCredentialsHelper extends ICredentialsHelper {
	readonly requests: RecordedRequest[] = [];

	private readonly types = new Map<string, ICredentialType>();

	constructor(
		credentialTypes: ICredentialType[],
		private readonly data: CredentialsInput = {},
	) {
		super();
		for (const type of credentialTypes) this.types.set(type.name, type);
	}

	getCredentialType(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) {
			throw new ApplicationError(
				`Unknown credential type "${name}" (pass it in credentialTypes to the harness)`,
			);
		}
		return type;
	}

	getParentTypes(name: string): string[] {
		const parents = this.types.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.types.get(credentialType);
		if (!type?.restrictToSupportedNodes) return true;
		return type.supportedNodes?.includes(nodeType) ?? false;
	}

	/** Mirrors CredentialsHelper.getCredentialsProperties (parents first, then own properties). */
	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.getCredentialType(type);
		if (credentialType.extends === undefined) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		let requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const credentialType = this.getCredentialType(typeName);
		const { authenticate } = credentialType;

		if (typeof authenticate === 'function') {
			requestOptions = await authenticate(credentials, requestOptions);
		} else if (typeof authenticate === 'object' && authenticate.type === 'generic') {
			requestOptions.headers ??= {};
			const target = workflow && node ? { workflow, node } : createMockWorkflow();
			const additionalKeys = { $credentials: credentials };
			const resolve = (value: unknown): unknown =>
				this.resolveValue(value, additionalKeys, target.workflow, target.node);
			const options = requestOptions as unknown as Record<string, Record<string, unknown>>;
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				for (const [key, value] of Object.entries(outerValue as IDataObject)) {
					options[outerKey] ??= {};
					options[outerKey][String(resolve(key))] = resolve(value);
				}
			}
		}

		this.requests.push({
			...requestOptions,
			headers: { ...(requestOptions.headers ?? {}) },
			...(requestOptions.qs ? { qs: { ...requestOptions.qs } } : {}),
		});
		return requestOptions;
	}

	/** Same as CredentialsHelper.resolveValue: only `=`-prefixed strings are expressions. */
	private resolveValue(
		parameterValue: unknown,
		additionalKeys: { $credentials: ICredentialDataDecryptedObject },
		workflow: Workflow,
		node: INode,
	): unknown {
		if (typeof parameterValue !== 'string' || parameterValue.charAt(0) !== '=') {
			return parameterValue;
		}
		const returnValue = workflow.expression.getSimpleParameterValue(
			node,
			parameterValue,
			'internal',
			additionalKeys,
			undefined,
			'',
		);
		if (!returnValue) return '';
		return returnValue.toString();
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.getCredentialType(typeName);
		const expirableProperty = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirableProperty?.name === undefined) return undefined;
		if (typeof credentialType.preAuthentication !== 'function') return undefined;

		// n8n forces a refresh when the credential is being tested (temp node of the tester).
		const isTestingCredentials =
			node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirableProperty.name] === '' || credentialsExpired || isTestingCredentials) {
			const output = await credentialType.preAuthentication.call(helpers, credentials);
			if (output[expirableProperty.name] === undefined) {
				throw new ApplicationError('The property in the response does not match the expirable', {
					extra: { property: expirableProperty.name },
				});
			}
			Object.assign(credentials, output);
			if (this.data[typeName]) Object.assign(this.data[typeName], output);
			return credentials;
		}
		return undefined;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.getCredentialType(typeName);
		if (typeof credentialType.preAuthentication !== 'function') return undefined;
		return (await credentialType.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		const credentials = new (core().Credentials)(
			{ id: nodeCredentials.id, name: nodeCredentials.name },
			type,
		);
		await credentials.setData(this.getStoredData(type));
		return credentials;
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = deepCopy(this.getStoredData(type));
		if (raw === true) return stored;
		return this.applyDefaults(
			additionalData,
			stored,
			type,
			mode,
			executeData,
			expressionResolveValues,
		);
	}

	/** Mirrors CredentialsHelper.applyDefaultsAndOverwrites (without overwrites / external secrets). */
	applyDefaults(
		additionalData: IWorkflowExecuteAdditionalData,
		decryptedDataOriginal: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): ICredentialDataDecryptedObject {
		const properties = this.getCredentialsProperties(type);
		let decryptedData = NodeHelpers.getNodeParameters(
			properties,
			decryptedDataOriginal as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (decryptedDataOriginal.oauthTokenData !== undefined) {
			decryptedData.oauthTokenData = decryptedDataOriginal.oauthTokenData;
		}

		const additionalKeys = core().getAdditionalKeys(additionalData, mode, null);
		if (expressionResolveValues) {
			try {
				decryptedData = expressionResolveValues.workflow.expression.getParameterValue(
					decryptedData as never,
					expressionResolveValues.runExecutionData,
					expressionResolveValues.runIndex,
					expressionResolveValues.itemIndex,
					expressionResolveValues.node.name,
					expressionResolveValues.connectionInputData,
					mode,
					additionalKeys,
					executeData,
					false,
					decryptedData,
				) as ICredentialDataDecryptedObject;
			} catch (error) {
				error.message += ' [Error resolving credentials]';
				throw error;
			}
		} else {
			const { workflow, node } = createMockWorkflow();
			decryptedData = workflow.expression.getComplexParameterValue(
				node,
				decryptedData as never,
				mode,
				additionalKeys,
				undefined,
				undefined,
				decryptedData,
			) as ICredentialDataDecryptedObject;
		}
		return decryptedData;
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.data[type] = data;
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.data[type] = data;
	}

	private getStoredData(type: string): ICredentialDataDecryptedObject {
		const stored = this.data[type];
		if (stored === undefined) {
			throw new ApplicationError(
				`No credentials of type "${type}" were given to the harness (credentials option)`,
			);
		}
		return stored as unknown as ICredentialDataDecryptedObject;
	}
}
