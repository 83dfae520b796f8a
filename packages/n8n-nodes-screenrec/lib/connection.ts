import { HookClient, RestClient } from 'screenrec/portable';
import { NodeOperationError, type INode } from 'n8n-workflow';
import { CREDENTIAL, CredentialData, missingField, type MissingField } from './credential';
import { n8nSleep } from './sleep';
import { httpRequestSend, n8nTransport, type HttpRequestHelpers, type Send } from './transport';

/** n8n names the service in the hook endpoint's path: /public/webhooks/N8N. */
export const PROVIDER = 'N8N';

/** Any n8n context that holds the credential and has the HTTP helper. */
export interface CredentialContext extends HttpRequestHelpers {
	getNode(): INode;
	getCredentials(type: string): Promise<object>;
}

/**
 * The user's ScreenRec credential and the clients made from it. A client is made only when the credential holds
 * its interface's secret; otherwise the operation fails before sending anything, naming the field to fill.
 */
export class ScreenRecConnection {
	constructor(
		/** Undefined in a credential test, which has no node. */
		private readonly node: INode | undefined,
		readonly credential: CredentialData,
		private readonly send: Send,
	) {}

	static async of(context: CredentialContext): Promise<ScreenRecConnection> {
		const credential = CredentialData.parse(await context.getCredentials(CREDENTIAL));
		return new ScreenRecConnection(context.getNode(), credential, httpRequestSend(context));
	}

	get serviceUrl(): string {
		return this.credential.serviceUrl;
	}

	/** True when the credential can reach the REST API (Workspace ID and API Key filled in). */
	get hasRest(): boolean {
		return this.credential.workspaceId !== '' && this.credential.apiKey !== '';
	}

	/** The automation-hook client; `needs` names what needs it ("Create Recording Link"). */
	hook(needs: string, options: { allowHttpCallbacks?: boolean } = {}): HookClient {
		this.require(['serviceUrl', 'backendToken'], needs);
		return new HookClient({
			baseUrl: this.credential.serviceUrl,
			backendToken: this.credential.backendToken,
			provider: PROVIDER,
			transport: n8nTransport(this.send),
			sleep: n8nSleep,
			...options,
		});
	}

	/** The REST client of the credential's workspace; `needs` names what needs it. */
	rest(needs: string): RestClient {
		this.require(['serviceUrl', 'workspaceId', 'apiKey'], needs);
		return new RestClient({
			baseUrl: this.credential.serviceUrl,
			workspaceId: this.credential.workspaceId,
			apiKey: this.credential.apiKey,
			transport: n8nTransport(this.send),
			sleep: n8nSleep,
		});
	}

	private require(fields: ReadonlyArray<keyof CredentialData>, needs: string): void {
		const missing = missingField(this.credential, fields, needs);
		if (missing === undefined) return;
		if (this.node === undefined) throw new MissingFieldError(missing);
		throw new NodeOperationError(this.node, missing.message, { description: missing.description });
	}
}

/** A credential test's missing field (no node to report it on). */
export class MissingFieldError extends Error {
	constructor(readonly missing: MissingField) {
		super(missing.message);
	}
}
