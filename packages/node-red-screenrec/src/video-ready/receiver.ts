import { createHash, createHmac, randomBytes } from 'node:crypto';
import { NOTIFICATION_ANSWER } from 'screenrec';
import type { HttpApp, HttpRequest, HttpResponse } from '../red';

/**
 * The endpoint on Node-RED's HTTP server (RED.httpNode) that ScreenRec posts video-ready notifications to:
 * `<Public URL>/screenrec/video-ready/<secret>`, one secret per subscription (see secretOf). A request
 * whose path carries a secret no running node holds (a node removed or given another connection since it
 * subscribed, or Node-RED restarted without a persistent context store) is
 * answered 410 Gone before its body is read, so ScreenRec drops that subscription; one with no secret at all did not
 * come from a subscription and is answered 401. Neither starts anything.
 */
export const RECEIVER_PATH = '/screenrec/video-ready';
/** A video-ready body is one short JSON object: anything longer is refused unread. */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** What a subscribing node does with a notification; it answers ScreenRec itself, through `answer`. */
export type NotificationHandler = (body: unknown, answer: (status: number) => void) => void;

/** By a digest of the secret: the lookup's time tells nothing about the secret. */
const handlers = new Map<string, NotificationHandler>();
const routedApps = new WeakSet<HttpApp>();
/** Where a 410 is told, in the user's words: Node-RED's log. Set by the first node that listens. */
let logGone: () => void = () => {};
let flowsRunning = false;

/** 256 random bits, hex: unguessable, and safe in a URL path. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * A subscription's secret, derived rather than stored: keyed by the connection's Backend Token (a Node-RED credential,
 * kept encrypted), over what the subscription is for and a random `nonce` that may be kept in plain sight (the context
 * store shows it). The same node, connection and nonce give the same address after a restart; a new nonce or another
 * connection gives another.
 */
export function secretOf(backendToken: string, parts: readonly string[], nonce: string): string {
  return createHmac('sha256', backendToken)
    .update([...parts, nonce].join('\n'))
    .digest('hex');
}

/** What may be kept of a secret to recognise it again: its digest. */
export function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The URL ScreenRec is given: the connection's Public URL and this endpoint. */
export function callbackUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RECEIVER_PATH}/${secret}`;
}

/**
 * Serves the endpoint on `app` (once per app), from the moment the node type is registered: while Node-RED starts up,
 * before any node could take its notifications, a request for a secret no node holds yet is answered 503 (send
 * later), never 410, so a notification that finds Node-RED starting is sent again rather than its subscription
 * dropped. `onGone` tells of a notification answered 410 (the runtime's log: no node holds that subscription).
 */
export function serve(app: HttpApp, onGone: () => void): void {
  logGone = onGone;
  if (routedApps.has(app)) return;
  routedApps.add(app);
  app.post(`${RECEIVER_PATH}/:secret`, (request, response) => receive(request, response));
  // No secret in the path at all: not from a subscription (Express would otherwise answer 404).
  app.post(RECEIVER_PATH, (request, response) => refuse(request, response, NOTIFICATION_ANSWER.unauthorized));
  app.post(`${RECEIVER_PATH}/`, (request, response) => refuse(request, response, NOTIFICATION_ANSWER.unauthorized));
}

/** Whether Node-RED's flows are running: only then does a secret no node holds mean a subscription gone (410). */
export function setFlowsRunning(running: boolean): void {
  flowsRunning = running;
}

/** Starts taking notifications for `secret` on an app `serve` set up; the returned function stops it. */
export function listen(secret: string, handler: NotificationHandler): () => void {
  const key = digestOf(secret);
  handlers.set(key, handler);
  return () => {
    if (handlers.get(key) === handler) handlers.delete(key);
  };
}

function receive(request: HttpRequest, response: HttpResponse): void {
  const { secret } = request.params;
  if (secret === undefined || secret === '') return refuse(request, response, NOTIFICATION_ANSWER.unauthorized);
  const handler = handlers.get(digestOf(secret));
  if (handler === undefined) {
    if (!flowsRunning) return refuse(request, response, NOTIFICATION_ANSWER.retryLater);
    logGone();
    return refuse(request, response, NOTIFICATION_ANSWER.gone);
  }
  const answer = (status: number) => {
    if (!response.headersSent) response.status(status).end();
  };
  if (request.body !== undefined) {
    handler(request.body, answer);
    return;
  }
  readCapped(request).then(
    (text) => (text === undefined ? answer(NOTIFICATION_ANSWER.unreadable) : handler(text, answer)),
    () => answer(NOTIFICATION_ANSWER.unreadable),
  );
}

/** Answers without reading the body (drained, so the connection can be reused). */
function refuse(request: HttpRequest, response: HttpResponse, status: number): void {
  response.status(status).end();
  request.resume();
}

/** The body as text, or undefined when it passes MAX_NOTIFICATION_BYTES (the rest is not read). */
function readCapped(request: HttpRequest): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_NOTIFICATION_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
