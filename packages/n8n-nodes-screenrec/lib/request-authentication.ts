import { credentialTargetOf, secretHeadersIn } from 'screenrec/portable';
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { CREDENTIAL_LABEL, CredentialData } from './credential';
import { PROVIDER } from './connection';

/**
 * The options n8n hands a credential's `authenticate`: its own helpers name the target as `url` (or `baseURL` plus
 * `url`); the HTTP Request node 4.x hands over its older request options, with the target in `uri` and redirects
 * chosen by `followRedirect`/`followAllRedirects`.
 */
export type RequestOptionsToAuthenticate = IHttpRequestOptions & {
	uri?: unknown;
	followRedirect?: boolean;
	followAllRedirects?: boolean;
};

const SECRET_HEADER_NAMES: Readonly<Record<string, string>> = { authorization: 'Authorization', 'x-service-token': 'x-service-token' };

/** A request the credential refuses to send: n8n shows `message` and, below it, `description` (what to change). */
export class UnauthenticatedRequestError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
		this.name = 'UnauthenticatedRequestError';
	}
}

/**
 * The ScreenRec credential's `authenticate`, used whenever n8n sends a request "with" it (the HTTP Request node's
 * Predefined Credential Type, a node's Custom API Call, the AI Agent's HTTP Request tool). Core's one rule decides by
 * the URL: the backend token only to the n8n hook endpoint, the API key only to the credential's workspace API,
 * nothing to any other origin. A request on the Service URL that the rule gives no secret, or one whose own headers
 * set a secret header, is refused before it is sent, saying what to change: ScreenRec would only answer it 401, and
 * a secret of the request's own choosing never goes beside the credential's.
 */
export async function authenticateRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const options = requestOptions as RequestOptionsToAuthenticate;
	const credential = CredentialData.parse(credentials);
	const url = targetOf(options);
	const target = credentialTargetOf(url, {
		baseUrl: credential.serviceUrl,
		workspaceId: credential.workspaceId,
		apiKey: credential.apiKey,
		backendToken: credential.backendToken,
		provider: PROVIDER,
	});
	const headers = options.headers ?? {};
	// n8n authenticates the same options again after a 401: a secret header holding exactly what this credential
	// gives this URL is its own, set the first time; any other is the request's own choice of secret.
	const ownSecretHeaders = secretHeadersIn(headers)
		.filter((name) => String(headers[name]) !== (target.headers as Record<string, string | undefined>)[name.toLowerCase()])
		// Named as people write them, whatever case the node sent them in (the HTTP Request node lower-cases them).
		.map((name) => SECRET_HEADER_NAMES[name.toLowerCase()] ?? name);
	if (ownSecretHeaders.length > 0)
		throw new UnauthenticatedRequestError(
			`The request sets its own ${ownSecretHeaders.join(' and ')} header, which the ${CREDENTIAL_LABEL} credential sets itself.`,
			`Remove ${ownSecretHeaders.join(' and ')} from the request's headers: the credential adds the right ScreenRec secret for the URL. To send a header of your own instead, set Authentication to None. Nothing was sent.`,
		);
	if (target.interface !== undefined)
		return {
			...options,
			headers: { ...withoutSecretHeaders(headers), ...target.headers },
			// n8n carries Authorization (and any other header but cookies) along a redirect, to whatever host it
			// names: a request holding a secret follows none, in either form of options.
			disableFollowRedirect: true,
			followRedirect: false,
			followAllRedirects: false,
		} as IHttpRequestOptions;
	if (sameOrigin(url, credential.serviceUrl))
		throw new UnauthenticatedRequestError(
			`The ${CREDENTIAL_LABEL} credential sends no secret to this URL: ${target.reason}`,
			`Use a URL under the Service URL that one of its secrets is for: the automation hook (Backend Token) or the REST API of the credential's workspace (API Key). To call it without ScreenRec's secrets, set Authentication to None. Nothing was sent.`,
		);
	// Another service altogether: the request goes out as it is, carrying nothing of ScreenRec's.
	return requestOptions;
}

/** The URL the request goes to, as n8n's axios adapter builds it from these options (`url` over `uri`, then `baseURL`). */
export function targetOf(options: RequestOptionsToAuthenticate): string {
	const url = options.url !== undefined ? String(options.url) : options.uri !== undefined ? String(options.uri) : '';
	const baseURL = options.baseURL;
	// axios takes a URL with a scheme, or starting with `//`, as absolute and ignores baseURL for it.
	if (baseURL === undefined || baseURL === '' || /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return url;
	return url === '' ? baseURL : `${baseURL.replace(/\/?\/$/, '')}/${url.replace(/^\/+/, '')}`;
}

function withoutSecretHeaders(headers: IDataObject): IDataObject {
	const secret = new Set(secretHeadersIn(headers));
	return Object.fromEntries(Object.entries(headers).filter(([name]) => !secret.has(name)));
}

function sameOrigin(url: string, serviceUrl: string): boolean {
	try {
		return new URL(url).origin === new URL(serviceUrl).origin;
	} catch {
		return false;
	}
}
