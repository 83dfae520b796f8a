/**
 * A loopback HTTP endpoint the trigger workflow calls at its end (an HTTP Request node): it sees every run arrive,
 * and when told to hold, it keeps the runs waiting there, so the test knows they are mid-run on the worker.
 */
import { createServer, type ServerResponse } from 'node:http';

export interface Arrival {
  videoUrl: string;
  ranOn: string;
}

export interface Checkpoint {
  url: string;
  arrivals: Arrival[];
  /** Runs arriving from now on wait until release(); a killed worker just drops them. */
  hold: () => void;
  release: () => void;
  held: () => number;
  close: () => Promise<void>;
}

export async function startCheckpoint(): Promise<Checkpoint> {
  const arrivals: Arrival[] = [];
  let holding = false;
  const waiting = new Set<ServerResponse>();
  const answer = (response: ServerResponse) => {
    waiting.delete(response);
    if (!response.writableEnded && !response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end('{"passed":true}');
  };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      try {
        arrivals.push(JSON.parse(body) as Arrival);
      } catch {
        response.writeHead(400).end();
        return;
      }
      if (!holding) return answer(response);
      waiting.add(response);
      response.on('close', () => waiting.delete(response));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/checkpoint`,
    arrivals,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const response of [...waiting]) answer(response);
    },
    held: () => waiting.size,
    close: async () => {
      for (const response of [...waiting]) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
