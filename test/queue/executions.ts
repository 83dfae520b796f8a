/**
 * Reading n8n's executions back through its REST API as the owner: which runs a workflow had, and what each run's
 * nodes gave. Shared by every queue-mode check that counts runs.
 */
import type { N8nRest } from '../real-n8n/n8n-api';
import { parseFlatted } from './flatted';

export interface ExecutionRow {
  id: string;
  status: string;
  mode: string;
  retryOf?: string | null;
}

export interface BinaryReference {
  id?: string;
  mimeType?: string;
  fileName?: string;
}

export interface Item {
  json: Record<string, unknown>;
  binary?: Record<string, BinaryReference>;
}

export interface Run extends ExecutionRow {
  /** The first output item of each node that ran. */
  items: Record<string, Item | undefined>;
  /** The run's error message, if it failed. */
  error?: string;
}

export const settled = (row: ExecutionRow) => row.status !== 'new' && row.status !== 'running';
/** A notification's video link without its signature: one per recording, whatever the node makes of it. */
export const keyOf = (link: string) => link.split('?')[0]!;
/** The video a Video Ready run ran for. */
export const videoOf = (run: Run) => keyOf(String(run.items['Video Ready']?.json.videoUrl));

/** n8n 2.41 pages executions with a cursor and refuses the id range 2.3 needs; learnt from its first answer. */
let pagesByCursor = false;

/**
 * Every execution of a workflow, newest first (n8n answers at most 100 a page). n8n 2.3 is given both ends of the id
 * range: without them it orders the page by start time while `lastId` cuts by id, which repeats or skips executions
 * that a worker started out of order. n8n 2.41 has its own cursor, but it is the same cut: the id of the page's
 * earliest started row, so its next page repeats rows that started later than their id says (kept once here), and
 * a row that started earlier than its id says can be left out, which a check's count then shows.
 */
export async function executionsOf(rest: N8nRest, workflowId: string): Promise<ExecutionRow[]> {
  const rows: ExecutionRow[] = [];
  const filter = `filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=100`;
  let cursor: string | undefined;
  for (;;) {
    const page = pagesByCursor
      ? `${filter}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`
      : `${filter}&firstId=0&lastId=${rows.at(-1)?.id ?? 2 ** 31 - 1}`;
    const answer = await rest<{ data: { results: ExecutionRow[]; nextCursor?: string | null } }>('GET', `/executions?${page}`);
    if (answer.status === 400 && !pagesByCursor && JSON.stringify(answer.body).includes('Use cursor')) {
      pagesByCursor = true;
      continue;
    }
    if (answer.status !== 200) throw new Error(`listing executions answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const known = new Set(rows.map((row) => row.id));
    rows.push(...answer.body.data.results.filter((row) => !known.has(row.id)));
    cursor = answer.body.data.nextCursor ?? undefined;
    if (pagesByCursor ? cursor === undefined : answer.body.data.results.length < 100) return rows;
  }
}

export async function runOf(rest: N8nRest, id: string): Promise<Run> {
  const answer = await rest<{ data: ExecutionRow & { data?: string } }>('GET', `/executions/${id}`);
  if (answer.status !== 200) throw new Error(`reading execution ${id} answered ${answer.status}`);
  // An execution n8n lost track of (left "new" when Postgres went away) may hold no data at all.
  const data = (answer.body.data.data === undefined ? undefined : parseFlatted(answer.body.data.data)) as
    | { resultData?: { error?: { message?: string }; runData?: Record<string, Array<{ data?: { main?: Item[][] } }>> } }
    | undefined;
  const items: Record<string, Item | undefined> = {};
  for (const [node, runs] of Object.entries(data?.resultData?.runData ?? {})) items[node] = runs.at(-1)?.data?.main?.[0]?.[0];
  const { status, mode, retryOf } = answer.body.data;
  return { id, status, mode, retryOf, items, error: data?.resultData?.error?.message };
}

/** Five at a time: n8n's main process answers them beside everything else it does. */
export async function runsOf(rest: N8nRest, ids: string[]): Promise<Run[]> {
  const runs: Run[] = [];
  for (let index = 0; index < ids.length; index += 5)
    runs.push(...(await Promise.all(ids.slice(index, index + 5).map((id) => runOf(rest, id)))));
  return runs;
}
