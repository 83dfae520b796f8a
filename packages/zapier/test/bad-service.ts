import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback } from '@screenrec/test-support/loopback';

/** How a misbehaving ScreenRec answers every request. */
export type Misbehaviour = 'silent' | 'dribble' | '503' | '429' | 'pages';

export const MISBEHAVIOURS: readonly Misbehaviour[] = ['silent', 'dribble', '503', '429', 'pages'];

/** The workspace's size in the `pages` mode: 1,000 full pages, none with what a search looks for. */
const PAGES = 1_000;
const PAGE_SIZE = 100;

/**
 * A service on loopback that accepts every connection and then: never answers (`silent`); answers 200 and sends
 * its body one byte per `dribbleMs` (`dribble`); answers 503 or 429 with `Retry-After: 20`; or, for list calls,
 * answers a workspace of 1,000 full pages (`pages`, other calls 404). It records when each request arrived.
 */
export class BadService {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  requests = 0;
  url = '';

  constructor(
    private readonly mode: Misbehaviour,
    private readonly dribbleMs = 1_000,
  ) {
    this.server = createServer((request, response) => {
      this.requests++;
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => this.answer(request.url ?? '', body, response));
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  private answer(path: string, body: string, response: ServerResponse): void {
    switch (this.mode) {
      case 'silent':
        return;
      case 'dribble': {
        response.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => response.write(' '), this.dribbleMs);
        this.timers.add(timer);
        response.on('close', () => {
          clearInterval(timer);
          this.timers.delete(timer);
        });
        return;
      }
      case '503':
      case '429':
        response.writeHead(Number(this.mode), { 'content-type': 'application/json', 'retry-after': '20' }).end('{"message":"busy"}');
        return;
      case 'pages': {
        if (!path.endsWith('/recordings/list')) {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
          return;
        }
        const first = Number((JSON.parse(body || '{}') as { first?: number }).first ?? 0);
        const content = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, PAGES * PAGE_SIZE - first)) }, (_, index) => {
          const n = first + index;
          return {
            id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
            status: 'COMPLETED',
            tags: [`tag-${n % 7}`],
            externalReference: `other-${n}`,
          };
        });
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ content, totalElements: PAGES * PAGE_SIZE, totalPages: PAGES }));
      }
    }
  }

  async start(): Promise<string> {
    this.url = await listenOnLoopback(this.server);
    return this.url;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
