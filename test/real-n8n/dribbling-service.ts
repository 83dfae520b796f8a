import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A byte every quarter second: the demo video (a few hundred bytes) would take over a minute to arrive. */
const DRIBBLE_INTERVAL_MS = 250;

export interface DribbledVideo {
  path: string;
  startedAt: number;
  bytesSent: number;
  totalBytes: number;
  /** When n8n's connection for this video closed (epoch ms), or undefined while it is open. */
  closedAt?: number;
}

/** A request n8n sent the service, read whole, as an interceptor sees it. */
export interface InterceptedRequest {
  method: string;
  path: string;
  /** As n8n sent them, secrets included: what the service's front door received. */
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An answer read whole: the service's, or one an interceptor makes up. */
export interface WholeAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Sees each request before the service does. It may answer it itself, or call `forward` for the service's answer and
 * hand that on when it likes; undefined forwards the request as usual. The Wait for Video fault cases use it to
 * lose a notification: the node's lookup fails while ScreenRec delivers, or a video finishes while the node looks.
 */
export type Interceptor = (request: InterceptedRequest, forward: () => Promise<WholeAnswer>) => Promise<WholeAnswer | undefined>;

export interface DribblingService {
  /** The address n8n is given as the ScreenRec service (credential base URL, and the reference server's --public-url). */
  baseUrl: string;
  /** Where requests are forwarded; set once the reference server listens. */
  setUpstream: (url: string) => void;
  /** While on, every video answer (content-type video/*) is sent a byte at a time, with its real length announced. */
  dribbleVideos: (on: boolean) => void;
  /** The video answers dribbled so far, oldest first. */
  dribbled: () => readonly DribbledVideo[];
  /** Sets (or, with undefined, removes) the interceptor; while one is set, no video is dribbled. */
  intercept: (interceptor: Interceptor | undefined) => void;
  stop: () => Promise<void>;
}

/**
 * The ScreenRec service as n8n sees it: a transparent proxy in front of the reference server that can be told
 * to dribble video downloads, and records when the receiving side closes its connection. The cancel check
 * stops an n8n execution mid-download and reads `closedAt`.
 */
export async function startDribblingService(): Promise<DribblingService> {
  let upstream: URL | undefined;
  let dribbling = false;
  let interceptor: Interceptor | undefined;
  const videos: DribbledVideo[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    if (upstream === undefined) {
      response.writeHead(503).end();
      return;
    }
    const target = new URL(request.url ?? '/', upstream);
    if (interceptor !== undefined) {
      void interceptWhole(interceptor, request, response, target);
      return;
    }
    const forwarded = http.request(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
      const isVideo = String(answer.headers['content-type'] ?? '').startsWith('video/');
      if (!dribbling || !isVideo) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => dribble(request.socket, response, answer, Buffer.concat(chunks), target.pathname));
    });
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });

  async function interceptWhole(hook: Interceptor, request: http.IncomingMessage, response: http.ServerResponse, target: URL) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forward = () =>
      new Promise<WholeAnswer>((resolve, reject) => {
        const headers = { ...request.headers, host: target.host, 'content-length': String(body.length) };
        const forwarded = http.request(target, { method: request.method, headers }, (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (part: Buffer) => parts.push(part));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(parts) }));
          answer.on('error', reject);
        });
        forwarded.on('error', reject);
        forwarded.end(body);
      });
    try {
      const seen = { method: request.method ?? 'GET', path: target.pathname, headers: request.headers, body: body.toString('utf8') };
      const answer = (await hook(seen, forward)) ?? (await forward());
      // Read whole, the answer goes with its length, never chunked.
      const headers = { ...answer.headers };
      delete headers['transfer-encoding'];
      response.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
      response.end(answer.body);
    } catch {
      response.destroy();
    }
  }

  function dribble(socket: Socket, response: http.ServerResponse, answer: http.IncomingMessage, body: Buffer, path: string): void {
    const video: DribbledVideo = { path, startedAt: Date.now(), bytesSent: 0, totalBytes: body.length };
    videos.push(video);
    response.writeHead(answer.statusCode ?? 200, { ...answer.headers, 'content-length': String(body.length), connection: 'close' });
    const timer = setInterval(() => {
      if (video.bytesSent >= body.length) {
        clearInterval(timer);
        timers.delete(timer);
        response.end();
        return;
      }
      response.write(body.subarray(video.bytesSent, video.bytesSent + 1));
      video.bytesSent++;
    }, DRIBBLE_INTERVAL_MS);
    timers.add(timer);
    socket.once('close', () => {
      video.closedAt ??= Date.now();
      clearInterval(timer);
      timers.delete(timer);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    setUpstream: (url) => {
      upstream = new URL(url);
    },
    dribbleVideos: (on) => {
      dribbling = on;
    },
    dribbled: () => videos,
    intercept: (hook) => {
      interceptor = hook;
    },
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
