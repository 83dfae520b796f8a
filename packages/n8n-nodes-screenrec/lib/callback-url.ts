import { createHash, randomBytes, timingSafeEqual } from 'crypto';
import { NodeOperationError, type INode } from 'n8n-workflow';

/**
 * What the ScreenRec Trigger and Wait for Video share about the URL they subscribe: ScreenRec posts to it exactly,
 * so it carries a secret of its own, and ScreenRec delivers to https only.
 */

/** The query parameter of the callback URL that carries the subscription's secret. */
export const SECRET_PARAMETER = 'secret';

/** 256 random bits as hex: unguessable, and safe in a URL. */
export function newCallbackSecret(): string {
	return randomBytes(32).toString('hex');
}

/**
 * sha256 of a callback secret as hex: what the 0.1 release's Wait for Video kept instead of the secret, and what the
 * Trigger compares, so that the comparison takes the same time whatever was posted.
 */
export function secretDigestOf(secret: string): string {
	return createHash('sha256').update(secret).digest('hex');
}

/** Whether `given` is the secret whose digest was stored, in constant time. */
export function secretFitsDigest(given: unknown, secretDigest: string): boolean {
	if (typeof given !== 'string' || given === '') return false;
	return timingSafeEqual(Buffer.from(secretDigestOf(given), 'hex'), Buffer.from(secretDigest, 'hex'));
}

/** The URL registered with the service: n8n's webhook URL with the secret as a query parameter. */
export function callbackUrlWithSecret(webhookUrl: string, secret: string): string {
	const url = new URL(webhookUrl);
	url.searchParams.set(SECRET_PARAMETER, secret);
	return url.toString();
}

/** The display name of the switch that lets a local trial subscribe an http URL. */
export const ALLOW_HTTP_LABEL = 'Allow HTTP Webhook URL (Local Trials Only)';

/** `url` when ScreenRec can deliver to it (https, or http with the switch on); otherwise an error with the fix. */
export function subscribableUrl(node: INode, url: string, allowHttp: boolean): string {
	const { protocol } = new URL(url);
	if (protocol === 'https:' || (allowHttp && protocol === 'http:')) return url;
	// n8n 2.3's activation toast shows only the message, not the description: what to change must be in the message.
	throw new NodeOperationError(node, httpWebhookMessage(url), {
		description: `For a trial against a local ScreenRec service that accepts http, turn on '${ALLOW_HTTP_LABEL}' instead.`,
	});
}

export function httpWebhookMessage(webhookUrl: string): string {
	return `Set n8n's WEBHOOK_URL to this instance's public https address (for example https://n8n.example.com/) and restart n8n: ScreenRec only delivers to https, and this workflow's webhook URL is ${webhookUrl}.`;
}
