import {
	isScreenRecError,
	networkFailure,
	readBodyCapped,
	responseTooLarge,
	type NetworkError,
	type Transport,
	type TransportRequest,
	type TransportResponse,
} from 'screenrec/portable';
import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { timeBound, type TimeBound } from './sleep';

/** An answer as n8n's HTTP helpers give it, with the body as a stream (or, from older helpers, text or bytes). */
export interface RawResponse {
	statusCode: number;
	headers: IDataObject | undefined;
	body: unknown;
}

/** Sends one request through an n8n helper: no redirect followed, aborted when `signal` fires, body not yet read. */
export type Send = (request: TransportRequest, signal: AbortSignal) => Promise<RawResponse>;

/** What the execution, hook, webhook, poll and load-options contexts share: n8n's modern HTTP helper. */
export interface HttpRequestHelpers {
	helpers: { httpRequest(options: IHttpRequestOptions): Promise<unknown> };
}

/**
 * n8n's `httpRequest`, used as core needs it: every status answered, no redirect followed (`disableFollowRedirect`;
 * following one would carry a secret to another origin), the body left as a stream so core's cap applies while
 * reading, and the request aborted by the signal. Core attaches the credential's secret to its own requests.
 */
export function httpRequestSend(context: HttpRequestHelpers): Send {
	return async (request, signal) =>
		(await context.helpers.httpRequest({
			method: request.method,
			url: request.url,
			headers: request.headers,
			body: request.body,
			timeout: request.timeoutMs,
			abortSignal: signal,
			disableFollowRedirect: true,
			encoding: 'stream',
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		})) as IN8nHttpFullResponse;
}

/** What a credential test gets from n8n: only the older `request` helper. */
export interface LegacyRequestHelpers {
	helpers: { request: (uriOrObject: string | object) => Promise<unknown> };
}

/** The same rules through the older helper a credential test has: no redirect, every status, the body as a stream. */
export function legacyRequestSend(context: LegacyRequestHelpers): Send {
	return async (request) => {
		const response = (await context.helpers.request({
			uri: request.url,
			method: request.method,
			headers: request.headers,
			body: request.body,
			timeout: request.timeoutMs,
			followRedirect: false,
			followAllRedirects: false,
			useStream: true,
			json: false,
			simple: false,
			resolveWithFullResponse: true,
		})) as RawResponse;
		return response;
	};
}

/**
 * Core's Transport over an n8n helper. The request's time limit covers the body read too (core cuts it to the
 * operation's deadline), and the caller's signal stops the request or the read at once; core reports that as
 * CANCELLED. An answer is read up to its byte cap, and the rest is left unread.
 */
export function n8nTransport(send: Send): Transport {
	return async (request) => {
		const bound = timeBound(request.timeoutMs, request.signal);
		try {
			return await exchange(send, request, bound);
		} finally {
			bound.release();
		}
	};
}

async function exchange(send: Send, request: TransportRequest, bound: TimeBound): Promise<TransportResponse> {
	let response: RawResponse;
	try {
		response = await send(request, bound.signal);
	} catch (error) {
		throw failureOf(request, error, bound);
	}
	let body: string;
	try {
		body = await bodyText(response.body, request, bound.signal);
	} catch (error) {
		// Core's own errors (the answer passed its cap) go back to core as they are; a broken stream is a network failure.
		throw isScreenRecError(error) ? error : failureOf(request, error, bound);
	}
	return { status: response.statusCode, headers: lowerCaseHeaders(response.headers), body };
}

function failureOf(request: TransportRequest, error: unknown, bound: TimeBound): NetworkError {
	const code = errorCode(error);
	return networkFailure(request, {
		timedOut: bound.timedOut() || (code !== undefined && TIMEOUT_CODES.has(code)),
		reason: code,
	});
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/** The low-level code (ECONNREFUSED, ETIMEDOUT…) of a failed request, however deeply n8n wrapped it; never its text. */
export function errorCode(error: unknown, depth = 0): string | undefined {
	if (typeof error !== 'object' || error === null || depth > 3) return undefined;
	// n8n's NodeApiError drops the axios error but keeps its code as `httpCode`; other errors carry `code` or a cause.
	const { code, httpCode, cause } = error as {
		code?: unknown;
		httpCode?: unknown;
		cause?: unknown;
	};
	for (const candidate of [code, httpCode]) {
		if (typeof candidate === 'string' && /^E[A-Z_]+$/.test(candidate)) return candidate;
	}
	return errorCode(cause, depth + 1);
}

interface Destroyable {
	destroy(error?: Error): void;
}

function isChunkStream(body: unknown): body is AsyncIterable<Uint8Array | string> & Destroyable {
	return (
		typeof body === 'object' &&
		body !== null &&
		Symbol.asyncIterator in body &&
		typeof (body as Partial<Destroyable>).destroy === 'function'
	);
}

/** The body as text, read up to the request's cap; a stream is destroyed when the signal fires mid-read. */
async function bodyText(body: unknown, request: TransportRequest, signal: AbortSignal): Promise<string> {
	if (body === undefined || body === null) return '';
	if (isChunkStream(body)) {
		const stop = () => body.destroy(new Error('aborted'));
		if (signal.aborted) stop();
		signal.addEventListener('abort', stop, { once: true });
		try {
			return await readBodyCapped(body, request);
		} finally {
			signal.removeEventListener('abort', stop);
			// A read stopped at the cap leaves the rest unread: release the socket.
			body.destroy();
		}
	}
	const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
	if (bytes.byteLength > request.maxBodyBytes) throw responseTooLarge(request);
	return bytes.toString('utf8');
}

function lowerCaseHeaders(headers: IDataObject | undefined): TransportResponse['headers'] {
	const result: TransportResponse['headers'] = {};
	for (const [name, value] of Object.entries(headers ?? {})) {
		if (value === undefined || value === null) continue;
		result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return result;
}
