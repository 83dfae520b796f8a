import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CaughtRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver that plays a platform's hook endpoint: it records every request and answers 200. */
export class Catcher {
  readonly received: CaughtRequest[] = [];
  private readonly server: Server;
  private waiters: Array<() => void> = [];
  url = '';

  constructor(private readonly status: () => number = () => 200) {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        this.received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
        response.writeHead(this.status(), { 'content-type': 'application/json' }).end('{"status":"ok"}');
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** Resolves once `count` requests have arrived in all, or fails after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<CaughtRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`catcher got ${this.received.length} of ${count} expected requests within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received.slice(0, count);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
