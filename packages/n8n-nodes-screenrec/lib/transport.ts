import { networkFailure, type NetworkError, type Transport, type TransportResponse } from '@screenrec/core';
import type { IDataObject, IExecuteFunctions, IHookFunctions, IN8nHttpFullResponse, IWebhookFunctions } from 'n8n-workflow';

export type ScreenRecContext = IExecuteFunctions | IHookFunctions | IWebhookFunctions;
export type ScreenRecCredentialType = 'screenRecHookApi' | 'screenRecApi';

/** n8n adds these from the credential (its `authenticate`); core's copies are dropped so each is sent once. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'x-service-token']);

/**
 * Core's Transport over n8n's httpRequestWithAuthentication: n8n applies the credential, proxies and
 * cancellation; core keeps its own status handling, so every status is returned and the body stays text.
 */
export function n8nTransport(context: ScreenRecContext, credentialType: ScreenRecCredentialType): Transport {
	return async (request) => {
		const headers: IDataObject = {};
		for (const [name, value] of Object.entries(request.headers)) {
			if (!CREDENTIAL_HEADERS.has(name.toLowerCase())) headers[name] = value;
		}
		let response: IN8nHttpFullResponse;
		try {
			response = (await context.helpers.httpRequestWithAuthentication.call(context, credentialType, {
				method: request.method,
				url: request.url,
				headers,
				body: request.body,
				timeout: request.timeoutMs,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				encoding: 'text',
				json: false,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			throw n8nNetworkFailure(request, error);
		}
		return { status: response.statusCode, headers: lowerCaseHeaders(response.headers), body: bodyText(response.body) };
	};
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/** Only the low-level code reaches the message: n8n's own error carries the request, credential headers included. */
export function n8nNetworkFailure(request: Parameters<Transport>[0], error: unknown): NetworkError {
	const code = errorCode(error);
	return networkFailure(request, { timedOut: code !== undefined && TIMEOUT_CODES.has(code), reason: code });
}

/** The low-level code (ECONNREFUSED, ETIMEDOUT…) of a failed request, however deeply n8n wrapped it. */
export function errorCode(error: unknown, depth = 0): string | undefined {
	if (typeof error !== 'object' || error === null || depth > 3) return undefined;
	// n8n's NodeApiError drops the axios error but keeps its code as `httpCode`; other errors carry `code` or a cause.
	const { code, httpCode, cause } = error as { code?: unknown; httpCode?: unknown; cause?: unknown };
	for (const candidate of [code, httpCode]) {
		if (typeof candidate === 'string' && /^E[A-Z_]+$/.test(candidate)) return candidate;
	}
	return errorCode(cause, depth + 1);
}

function lowerCaseHeaders(headers: IDataObject | undefined): TransportResponse['headers'] {
	const result: TransportResponse['headers'] = {};
	for (const [name, value] of Object.entries(headers ?? {})) {
		if (value === undefined || value === null) continue;
		result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return result;
}

function bodyText(body: unknown): string {
	if (body === undefined || body === null) return '';
	if (typeof body === 'string') return body;
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return JSON.stringify(body);
}
