import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

/** One call of a step against a service of its own, on loopback at `port`. */
export interface Turn<T> {
  port: number;
  run: () => Promise<T>;
}

/**
 * Starts every turn, `atOnce` getting under way at a time: the next starts once an earlier one's service has its first
 * request (seen on Node's `http.server.request.start` channel, so no timer decides), or once that turn ended. All of
 * them still run at the same time. For a harness whose setup of each call holds the event loop (zapier-platform-core's
 * appTester compiles the app every time): started all in one go, the later setups eat the earlier calls' deadlines on
 * a busy machine. Resolves with every outcome, in the turns' order.
 */
export async function inTurns<T>(turns: ReadonlyArray<Turn<T>>, atOnce: number): Promise<T[]> {
  const reached = new Map<number, () => void>();
  const onRequest = (message: unknown) => reached.get((message as { socket: Socket }).socket.localPort ?? 0)?.();
  subscribe('http.server.request.start', onRequest);
  const waiting = turns.map((turn, index) => ({ ...turn, index }));
  const outcomes: Array<Promise<T>> = [];
  const startInTurn = async () => {
    for (let next = waiting.shift(); next !== undefined; next = waiting.shift()) {
      const arrived = new Promise<void>((resolve) => reached.set(next!.port, resolve));
      const ended = next.run();
      outcomes[next.index] = ended;
      await Promise.race([
        arrived,
        ended.then(
          () => undefined,
          () => undefined,
        ),
      ]);
    }
  };
  try {
    await Promise.all(Array.from({ length: atOnce }, startInTurn));
  } finally {
    unsubscribe('http.server.request.start', onRequest);
  }
  return Promise.all(outcomes);
}
