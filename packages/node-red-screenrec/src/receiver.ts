import { createHash, randomBytes } from 'node:crypto';
import { NOTIFICATION_ANSWER } from '@screenrec/core';
import type { HttpApp, HttpRequest, HttpResponse } from './red';

/**
 * The endpoint on Node-RED's HTTP server (RED.httpNode) that ScreenRec posts video-ready notifications to:
 * `<Public URL>/screenrec/video-ready/<secret>`, one secret per subscribing node, new each time it starts. A request
 * whose path carries no current secret is refused with 401 before its body is read, and starts nothing.
 */
export const RECEIVER_PATH = '/screenrec/video-ready';
/** A video-ready body is one short JSON object: anything longer is refused unread. */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** What a subscribing node does with a notification; it answers ScreenRec itself, through `answer`. */
export type NotificationHandler = (body: unknown, answer: (status: number) => void) => void;

/** By a digest of the secret: the lookup's time tells nothing about the secret. */
const handlers = new Map<string, NotificationHandler>();
const routedApps = new WeakSet<HttpApp>();

/** 256 random bits, hex: unguessable, and safe in a URL path. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The URL ScreenRec is given: the connection's Public URL and this endpoint. */
export function callbackUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RECEIVER_PATH}/${secret}`;
}

/** Starts taking notifications for `secret`; the returned function stops it. */
export function listen(app: HttpApp, secret: string, handler: NotificationHandler): () => void {
  if (!routedApps.has(app)) {
    routedApps.add(app);
    app.post(`${RECEIVER_PATH}/:secret`, (request, response) => receive(request, response));
  }
  const key = digestOf(secret);
  handlers.set(key, handler);
  return () => {
    if (handlers.get(key) === handler) handlers.delete(key);
  };
}

function receive(request: HttpRequest, response: HttpResponse): void {
  const handler = handlerFor(request.params.secret);
  if (handler === undefined) {
    response.status(NOTIFICATION_ANSWER.unauthorized).end();
    request.resume();
    return;
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

function handlerFor(secret: string | undefined): NotificationHandler | undefined {
  if (secret === undefined || secret === '') return undefined;
  return handlers.get(digestOf(secret));
}

function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
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
