import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TokenProxy {
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  close(): Promise<void>;
}

/**
 * A forwarding proxy on loopback that adds "Authorization: Bearer <token>" to every request, for a client that
 * cannot send headers of its own (the conformance suite). Everything else passes as sent, the Host and Origin
 * headers included, so the server's own checks still judge them.
 */
export async function startTokenProxy(target: string, token: string): Promise<TokenProxy> {
  const { hostname, port, pathname } = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    const upstream = forward(
      { hostname, port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, authorization: `Bearer ${token}` } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${pathname}`,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
