import { HookClient, RestClient } from '@screenrec/core';
import { sleep } from 'n8n-workflow';
import { n8nTransport, type ScreenRecContext } from './transport';

export const HOOK_CREDENTIAL = 'screenRecHookApi';
export const REST_CREDENTIAL = 'screenRecApi';

/** n8n names the service in the hook endpoint's path: /public/webhooks/N8N. */
const PROVIDER = 'N8N';

interface HookCredentialData {
	serviceUrl: string;
	backendToken: string;
}

interface RestCredentialData {
	serviceUrl: string;
	workspaceId: string;
	apiKey: string;
}

export async function hookClientFor(
	context: ScreenRecContext,
	options: { allowHttpCallbacks?: boolean } = {},
): Promise<HookClient> {
	const credentials = await context.getCredentials<HookCredentialData>(HOOK_CREDENTIAL);
	return new HookClient({
		baseUrl: credentials.serviceUrl,
		backendToken: credentials.backendToken,
		provider: PROVIDER,
		transport: n8nTransport(context, HOOK_CREDENTIAL),
		sleep,
		...options,
	});
}

export async function restClientFor(context: ScreenRecContext): Promise<RestClient> {
	const credentials = await context.getCredentials<RestCredentialData>(REST_CREDENTIAL);
	return new RestClient({
		baseUrl: credentials.serviceUrl,
		workspaceId: credentials.workspaceId,
		apiKey: credentials.apiKey,
		transport: n8nTransport(context, REST_CREDENTIAL),
		sleep,
	});
}
