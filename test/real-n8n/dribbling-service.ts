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

export interface DribblingService {
  /** The address n8n is given as the ScreenRec service (credential base URL, and the reference server's --public-url). */
  baseUrl: string;
  /** Where requests are forwarded; set once the reference server listens. */
  setUpstream: (url: string) => void;
  /** While on, every video answer (content-type video/*) is sent a byte at a time, with its real length announced. */
  dribbleVideos: (on: boolean) => void;
  /** The video answers dribbled so far, oldest first. */
  dribbled: () => readonly DribbledVideo[];
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
  const videos: DribbledVideo[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    if (upstream === undefined) {
      response.writeHead(503).end();
      return;
    }
    const target = new URL(request.url ?? '/', upstream);
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
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
