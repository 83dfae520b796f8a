/**
 * The servers under test, each in a process of its own so the load generator never shares their event loop.
 * The parent (see children.ts) sends commands over the IPC channel and gets one reply per command.
 */
import { startServer, type ListeningServer } from '../../shared/reference-server/src/server';
import { listen } from './measure';
import { seedDistinctTags, seedMixed } from './seeds';
import type { ChildCommand, ChildReply } from './children';

let reference: ListeningServer | undefined;
let bareAnswer = { status: 200, body: '{}' };
let fanOutTargets: string[] = [];
const closers: Array<() => Promise<void>> = [];

async function run(command: ChildCommand): Promise<unknown> {
  switch (command.kind) {
    case 'reference': {
      reference = await startServer({ logLevel: 'silent', insecureCallbacks: true, retryDelayMs: command.retryDelayMs });
      closers.push(() => reference!.close());
      return { baseUrl: reference.baseUrl, adminToken: reference.adminToken, demo: reference.demo };
    }
    case 'seed':
      if (reference === undefined) throw new Error('start the reference server first');
      return seedMixed(reference, command.count);
    case 'seed-data-file': {
      // Seeded here and closed, for a server in another process to open: that seeding then runs beside other set-up.
      const server = await startServer({ logLevel: 'silent', dataFile: command.dataFile });
      try {
        seedDistinctTags(server, command.count);
      } finally {
        await server.close();
      }
      return null;
    }
    case 'rss':
      global.gc?.();
      return process.memoryUsage().rss;
    case 'cpu': {
      const { user, system } = process.cpuUsage();
      return user + system;
    }
    case 'bare': {
      // The limit for a JSON API on node:http: read the body, answer a constant.
      const bare = await listen((request, response) => {
        request.resume();
        request.on('end', () => response.writeHead(bareAnswer.status, { 'content-type': 'application/json' }).end(bareAnswer.body));
      });
      closers.push(bare.close);
      return { baseUrl: bare.url };
    }
    case 'answer':
      bareAnswer = { status: command.status, body: command.body };
      return null;
    case 'fan-out-loop': {
      // The limit for fan-out: on POST /fire, the same POSTs as the delivery worker's, all at once.
      const loop = await listen((request, response) => {
        request.resume();
        request.on('end', () => {
          response.writeHead(200).end();
          const body = JSON.stringify({ result: 'https://bench.invalid/video' });
          for (const url of fanOutTargets) {
            void fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, redirect: 'manual' })
              .then((answer) => answer.body?.cancel())
              .catch(() => undefined);
          }
        });
      });
      closers.push(loop.close);
      return { baseUrl: loop.url };
    }
    case 'targets':
      fanOutTargets = command.urls;
      return null;
  }
}

process.on('message', (message: { id: number; command: ChildCommand }) => {
  run(message.command).then(
    (result) => process.send!({ id: message.id, ok: true, result } satisfies ChildReply),
    (error: unknown) => process.send!({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies ChildReply),
  );
});
process.on('disconnect', () => {
  void Promise.allSettled(closers.map((close) => close())).then(() => process.exit(0));
});
