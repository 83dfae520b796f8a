/**
 * The recordings the benchmarks seed a server's store with, written straight into the store (no HTTP), so a workspace
 * of 100k takes seconds. Shared by the server processes (child.ts) and the servers run in the bench's own process.
 */
import { RECORDING_DIRECTIONS, RECORDING_STATUSES } from 'screenrec';
import type { ListeningServer } from '../../shared/reference-server/src/server';

type Seeded = Pick<ListeningServer, 'store' | 'demo'>;

/** Up to `count` recordings cycling through every status, both directions, ten team tags and, one in seven, "urgent". */
export function seedMixed({ store, demo }: Seeded, count: number): number {
  for (let index = store.recordingCount(demo.workspaceId); index < count; index++) {
    const recording = store.addRecording({
      workspaceId: demo.workspaceId,
      direction: RECORDING_DIRECTIONS[index % RECORDING_DIRECTIONS.length]!,
      tags: [`team-${index % 10}`, index % 7 === 0 ? 'urgent' : 'routine'],
      comment: `seeded ${index}`,
    });
    store.setStatus(recording, RECORDING_STATUSES[index % RECORDING_STATUSES.length]!);
  }
  return store.recordingCount(demo.workspaceId);
}

/**
 * Up to `size` recordings, each with a tag of its own (so the workspace has `size` distinct tags, see tagOf) and a
 * team tag, in one transaction (one sync of a --data file, not one per recording).
 */
export function seedDistinctTags({ store, demo }: Seeded, size: number): void {
  store.transaction(() => {
    for (let index = store.recordingCount(demo.workspaceId); index < size; index++) {
      store.addRecording({ workspaceId: demo.workspaceId, direction: 'REQUEST', tags: [tagOf(index), `team-${index % 10}`], comment: `seeded ${index}` });
    }
  });
}

/** The distinct tag of seeded recording `index`. */
export function tagOf(index: number): string {
  return `Ticket-${(index * 7919) % 1_000_003}-${index.toString(36)}`;
}
