import { NodeApiError, type IBinaryData, type IExecuteFunctions, type IN8nHttpFullResponse, type IWebhookFunctions } from 'n8n-workflow';
import { errorCode } from './transport';

const DOWNLOAD_TIMEOUT_MS = 120_000;
const EXTENSIONS: Record<string, string> = { 'video/webm': 'webm', 'video/mp4': 'mp4', 'video/quicktime': 'mov' };

/**
 * Fetches a video through its pre-signed link. The link is its own authorization, so this request goes
 * out without the ScreenRec credential: the API key must never reach the storage host.
 */
export async function downloadVideo(
	context: IExecuteFunctions | IWebhookFunctions,
	videoUrl: string,
	fileStem: string,
): Promise<IBinaryData> {
	let response: IN8nHttpFullResponse;
	try {
		response = (await context.helpers.httpRequest({
			method: 'GET',
			url: videoUrl,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: DOWNLOAD_TIMEOUT_MS,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const reason = errorCode(error) ?? 'network failure';
		throw new NodeApiError(context.getNode(), { code: reason }, {
			message: `Could not download the video from ${new URL(videoUrl).origin} (${reason}).`,
			description: 'Run the node again; if it keeps failing, check that this n8n instance can reach the video host.',
		});
	}
	if (response.statusCode >= 400) {
		throw new NodeApiError(context.getNode(), { status: response.statusCode }, {
			message: `The video could not be downloaded (HTTP ${response.statusCode}).`,
			description:
				response.statusCode === 403
					? 'Its temporary link has expired. Fetch a fresh one with the ScreenRec node\'s "Get Video URL" operation.'
					: 'Run the node again later; the video may not be available yet.',
			httpCode: String(response.statusCode),
		});
	}
	const mimeType = String(response.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim();
	const extension = EXTENSIONS[mimeType];
	const fileName = extension === undefined ? fileStem : `${fileStem}.${extension}`;
	return await context.helpers.prepareBinaryData(Buffer.from(response.body as ArrayBuffer), fileName, mimeType);
}
