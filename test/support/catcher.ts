import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback, stopServer } from './loopback';
import { waitUntil } from './wait';

export interface CaughtRequest {
  method: string;
  /** Path and query, as requested. */
  path: string;
  /** The query alone (n8n's webhook URL carries the subscription's secret there). */
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The body of a video-ready notification, as the service sends it to a platform. */
export interface VideoReadyBody {
  result: string;
}

/**
 * A local HTTP receiver playing a platform's hook endpoint (a Zap's catch hook, n8n's webhooks, a workflow's
 * HTTP Request target): it records every request and answers the statuses given in turn, the last one repeating.
 * While held, requests are recorded but not answered until release(), so a test can catch a run mid-flight.
 */
export class Catcher {
  readonly received: CaughtRequest[] = [];
  private readonly server: Server;
  /** Responses not sent yet, each with the status it will carry. */
  private readonly unanswered = new Map<ServerResponse, number>();
  private holding = false;
  url = '';

  constructor(private readonly statuses: readonly number[] = [200]) {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const query = Object.fromEntries(new URL(path, 'http://catcher.invalid').searchParams);
        const arrived = this.received.push({ method: request.method ?? '', path, query, headers: request.headers, body });
        this.unanswered.set(response, this.statuses[Math.min(arrived, this.statuses.length) - 1] ?? 200);
        response.on('close', () => this.unanswered.delete(response));
        if (!this.holding) this.answer(response);
      });
    });
  }

  async start(): Promise<string> {
    this.url = await listenOnLoopback(this.server);
    return this.url;
  }

  /** Resolves with the first `count` requests once that many have arrived; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs = 10_000): Promise<CaughtRequest[]> {
    return waitUntil(
      `${count} request(s) at the catcher`,
      (note) => (note(this.received.length) >= count ? this.received.slice(0, count) : undefined),
      { timeoutMs, intervalMs: 10 },
    );
  }

  /** Waits for the video-ready notification whose link names `recordingId` (a service link does; a storage link does not). */
  notificationFor(recordingId: string, timeoutMs = 15_000): Promise<CaughtRequest> {
    return waitUntil(`a notification for recording ${recordingId}`, (note) => notificationNaming(note(this.received), recordingId), {
      timeoutMs,
      intervalMs: 10,
    });
  }

  /** Requests from now on are recorded but left unanswered until release(). */
  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    for (const response of [...this.unanswered.keys()]) this.answer(response);
  }

  /** How many requests wait for release(). */
  held(): number {
    return this.unanswered.size;
  }

  async stop(): Promise<void> {
    for (const response of this.unanswered.keys()) response.destroy();
    await stopServer(this.server);
  }

  private answer(response: ServerResponse): void {
    const status = this.unanswered.get(response);
    this.unanswered.delete(response);
    if (status === undefined || response.writableEnded || response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  }
}

/** The video-ready notification among `received` whose link names `recordingId`, if one does. */
export function notificationNaming(received: readonly CaughtRequest[], recordingId: string): CaughtRequest | undefined {
  return received.find((request) => videoLinkIn(request)?.includes(`/videos/${recordingId}?`));
}

/** A caught request's body read as a video-ready notification; fails, quoting it, when it is not one. */
export function videoReadyBodyOf(request: CaughtRequest): VideoReadyBody {
  const result = videoLinkIn(request);
  if (result === undefined) throw new Error(`not a video-ready notification: ${request.body.slice(0, 200)}`);
  return { result };
}

function videoLinkIn(request: CaughtRequest): string | undefined {
  try {
    const { result } = JSON.parse(request.body) as Partial<VideoReadyBody>;
    return typeof result === 'string' ? result : undefined;
  } catch {
    return undefined;
  }
}
