import {
	NodeApiError,
	NodeOperationError,
	type IBinaryData,
	type IDisplayOptions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeProperties,
} from 'n8n-workflow';
import { HEADER, isSuccess, videoHostFailure } from 'screenrec/portable';
import { RAISE_TIMEOUT_HINT } from './call-options';
import { whatHappened } from './errors';
import { timeBound, type TimeBound } from './sleep';
import { errorCode, type HttpRequestHelpers } from './transport';

/** A video host that sends nothing for this long (connecting, or mid-body) has stalled. */
const DOWNLOAD_IDLE_TIMEOUT_MS = 120_000;
export const DOWNLOAD_CANCELLED = 'The video download was cancelled: the run was stopped.';

export function downloadTimedOutMessage(timeoutSeconds: number | undefined): string {
	const limit = timeoutSeconds === undefined ? 'the time' : `the ${timeoutSeconds} s`;
	return `The video download did not finish within ${limit} of the node's Timeout option.`;
}

/** What ends a download early: the execution's cancel signal, and the node's Timeout as an absolute deadline. */
export interface DownloadBounds {
	signal?: AbortSignal;
	deadline?: number;
	/** The Timeout option as the user set it, for the message. */
	timeoutSeconds?: number;
}
const EXTENSIONS: Record<string, string> = {
	'video/webm': 'webm',
	'video/mp4': 'mp4',
	'video/quicktime': 'mov',
};

export interface DownloadContext extends HttpRequestHelpers {
	getNode(): INode;
	helpers: HttpRequestHelpers['helpers'] & {
		prepareBinaryData(binaryData: Buffer | NodeJS.ReadableStream, filePath?: string, mimeType?: string): Promise<IBinaryData>;
	};
}

/**
 * Streams a video through its pre-signed link into n8n's binary data: the file is never held in memory whole (with
 * n8n's filesystem or S3 binary mode it goes straight to storage). The link is its own authorization, so the request
 * carries no ScreenRec secret; a redirect is not followed (it could lead anywhere); `bounds.signal` (the execution's
 * cancel signal) stops the transfer at once, and `bounds.deadline` (the node's Timeout) ends it in time.
 *
 * The link is one ScreenRec signed, or a posted one on the Service URL's origin (core's videoDownloadUrl), never a
 * private or loopback address written out. A host NAME resolving to such an address cannot be checked here: n8n's
 * scanner allows no DNS module, and this helper takes no lookup or agent. n8n checks resolved addresses itself
 * (redirects and DNS rebinding included) when the instance turns on N8N_SSRF_PROTECTION_ENABLED (n8n 2.12 and later).
 */
export async function downloadVideo(
	context: DownloadContext,
	videoUrl: string,
	fileStem: string,
	bounds: DownloadBounds = {},
): Promise<IBinaryData> {
	const bound = timeBound(bounds.deadline === undefined ? undefined : Math.max(1, bounds.deadline - Date.now()), bounds.signal);
	try {
		return await download(context, videoUrl, fileStem, bounds, bound);
	} finally {
		bound.release();
	}
}

async function download(
	context: DownloadContext,
	videoUrl: string,
	fileStem: string,
	bounds: DownloadBounds,
	bound: TimeBound,
): Promise<IBinaryData> {
	const node = context.getNode();
	const origin = new URL(videoUrl).origin;
	const { signal } = bound;
	const failure = (error: unknown) =>
		bound.timedOut() && bounds.signal?.aborted !== true
			? new NodeOperationError(node, downloadTimedOutMessage(bounds.timeoutSeconds), {
					description: RAISE_TIMEOUT_HINT,
				})
			: downloadFailure(node, origin, error, signal);
	let response: IN8nHttpFullResponse;
	try {
		response = (await context.helpers.httpRequest({
			method: 'GET',
			url: videoUrl,
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: DOWNLOAD_IDLE_TIMEOUT_MS,
			abortSignal: signal,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		throw failure(error);
	}
	const body = response.body as NodeJS.ReadableStream & { destroy(error?: Error): void };
	const { statusCode } = response;
	if (!isSuccess(statusCode)) {
		body.destroy();
		throw refusal(node, statusCode);
	}
	const stop = () => body.destroy(new Error('aborted'));
	signal.addEventListener('abort', stop, { once: true });
	try {
		const mimeType = String(response.headers[HEADER.contentType] ?? 'application/octet-stream')
			.split(';')[0]!
			.trim();
		const extension = EXTENSIONS[mimeType];
		const fileName = extension === undefined ? fileStem : `${fileStem}.${extension}`;
		return await context.helpers.prepareBinaryData(body, fileName, mimeType);
	} catch (error) {
		throw failure(error);
	} finally {
		signal.removeEventListener('abort', stop);
	}
}

function downloadFailure(node: INode, origin: string, error: unknown, signal: AbortSignal | undefined): NodeOperationError | NodeApiError {
	if (signal?.aborted) return new NodeOperationError(node, DOWNLOAD_CANCELLED);
	const reason = errorCode(error) ?? 'network failure';
	return new NodeApiError(
		node,
		{ code: reason },
		{
			message: `Could not download the video from ${origin} (${reason}).`,
			description: 'Run the node again; if it keeps failing, check that this n8n instance can reach the video host.',
		},
	);
}

/** What the video's storage answered instead of the video: core's words, and what to do in n8n. */
function refusal(node: INode, statusCode: number): NodeApiError {
	const failure = videoHostFailure(statusCode);
	return new NodeApiError(
		node,
		{ status: statusCode },
		{
			message: whatHappened(failure.message),
			description: REFUSAL_HINT,
			httpCode: String(statusCode),
		},
	);
}

const REFUSAL_HINT = 'Run the node again: the ScreenRec node\'s "Get Video URL" operation fetches a fresh link each time.';

/**
 * The Download Video flag and, once it is on, the binary field the video goes into: the two parameters of every
 * step that can download. `description` says what downloading costs at that step; both are shown under `displayOptions`.
 */
export function downloadVideoParameters(description: string, displayOptions?: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'Download Video',
			name: 'download',
			type: 'boolean',
			default: false,
			description,
			...(displayOptions === undefined ? {} : { displayOptions }),
		},
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			hint: 'The name of the output binary field to put the video in',
			displayOptions: { show: { ...displayOptions?.show, download: [true] } },
		},
	];
}
