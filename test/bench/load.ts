import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers received: what a server's CPU time over the run is divided by. */
  requests: number;
}

/** Requests/s and p99 latency of `request` at `connections` connections, with autocannon; any failed answer fails the run. */
export async function loadTest(request: LoadRequest, connections: number, durationSeconds: number): Promise<LoadResult> {
  const result = await autocannon({ ...request, connections, duration: durationSeconds });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${request.method} ${request.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return { requestsPerSecond: result.requests.total / result.duration, p99Ms: result.latency.p99, requests: result.requests.total };
}
