/**
 * The loopback endpoint the trigger workflow calls at its end (an HTTP Request node): a Catcher that sees every
 * run arrive, and when held, keeps the runs waiting there, so the test knows they are mid-run on the worker.
 */
import { Catcher } from '../support/catcher';

export interface Arrival {
  videoUrl: string;
  ranOn: string;
}

export type Checkpoint = Catcher;

export async function startCheckpoint(): Promise<{ checkpoint: Checkpoint; url: string }> {
  const checkpoint = new Catcher();
  return { checkpoint, url: `${await checkpoint.start()}/checkpoint` };
}

/** The runs that reached the checkpoint, as their HTTP Request node described them. */
export function arrivalsAt(checkpoint: Checkpoint): Arrival[] {
  return checkpoint.received.map((request) => JSON.parse(request.body) as Arrival);
}
