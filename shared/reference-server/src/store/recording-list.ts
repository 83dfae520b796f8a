import type { SQLInputValue } from 'node:sqlite';
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, type ListRecordingsRequest } from '../wire';

export type RecordingQuery = z.output<typeof ListRecordingsRequest>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The list's filters as SQL (`count`, `page`), on recording_tags for a tag filter; one statement text per shape of filters. */
export function listQuery(workspaceId: string, query: RecordingQuery) {
  const tags = new Set(query.tags);
  const byTag = tags.size > 0;
  const conditions = ['m.workspace_id = ?'];
  const parameters: SQLInputValue[] = [workspaceId];
  const where = (condition: string, value: SQLInputValue) => {
    conditions.push(condition);
    parameters.push(value);
  };
  // One value is an equality, so that the index gives the rows in order; several are a list.
  const anyOf = (column: string, values: readonly string[] | undefined) => {
    const distinct = [...new Set(values)];
    if (distinct.length === 0) return;
    if (distinct.length === 1) where(`m.${column} = ?`, distinct[0]!);
    else where(`m.${column} IN (SELECT value FROM json_each(?))`, JSON.stringify(distinct));
  };
  anyOf('tag', query.tags);
  anyOf('status', query.statuses);
  anyOf('direction', query.directions);
  anyOf('id', query.ids);
  if (query.userId !== undefined) where('m.user_id = ?', query.userId);
  if (query.createdDateFrom !== undefined) where('m.created_ms >= ?', Date.parse(query.createdDateFrom));
  // docs/service-api.md, "REST API": createdDateTo is inclusive, "one day is added internally".
  if (query.createdDateTo !== undefined) where('m.created_ms < ?', Date.parse(query.createdDateTo) + DAY_MS);
  const matches = `FROM ${byTag ? 'recording_tags' : 'recordings'} AS m WHERE ${conditions.join(' AND ')}`;
  const order = query.sortOrder === 'Descending' ? 'DESC' : 'ASC';
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  // A recording with several of the tags asked for has a row for each: counted and listed once.
  const distinct = tags.size > 1 ? 'DISTINCT ' : '';
  const count =
    conditions.length === 1
      ? 'SELECT recordings AS count FROM workspaces AS m WHERE m.id = ?'
      : `SELECT count(${distinct}m.seq) AS count ${matches}`;
  // `LIMIT +?`: SQLite compiles a statement whose LIMIT is a bare parameter again at every run; an expression, once.
  const page = byTag
    ? `SELECT r.id, r.view FROM recordings AS r WHERE r.seq IN (SELECT ${distinct}m.seq ${matches} ORDER BY m.seq ${order} LIMIT +? OFFSET ?) ORDER BY r.seq ${order}`
    : `SELECT m.id, m.view ${matches} ORDER BY m.created_ms ${order}, m.seq ${order} LIMIT +? OFFSET ?`;
  return { count, page, parameters, pageParameters: [pageSize, query.first ?? 0], pageSize };
}
