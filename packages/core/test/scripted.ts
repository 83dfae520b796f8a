import { networkFailure, type Transport, type TransportRequest } from 'screenrec';

/** A clock tests move by hand: deadlines are read on it, and scripted requests and sleeps advance it. */
export class FakeClock {
  time = 1_800_000_000_000;
  readonly now = (): number => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface ScriptedAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** How long the service takes to answer; past the request's timeoutMs the request times out. */
  takesMs?: number;
}

/**
 * A transport that plays answers in order on a fake clock: a request whose answer takes longer than its
 * timeoutMs times out (NETWORK, as a real transport reports it) once its timeoutMs has passed.
 */
export function scriptedTransport(clock: FakeClock, answers: ScriptedAnswer[]): Transport & { requests: TransportRequest[] } {
  const requests: TransportRequest[] = [];
  const transport = async (request: TransportRequest) => {
    requests.push(request);
    const answer = answers[requests.length - 1] ?? answers[answers.length - 1] ?? {};
    const takesMs = answer.takesMs ?? 0;
    if (takesMs > request.timeoutMs) {
      clock.advance(request.timeoutMs);
      throw networkFailure(request, { timedOut: true });
    }
    clock.advance(takesMs);
    return {
      status: answer.status ?? 200,
      headers: answer.headers ?? {},
      body: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {}),
    };
  };
  return Object.assign(transport, { requests });
}

/** A sleep that records each wait and moves the clock instead of waiting. */
export function clockSleep(clock: FakeClock): ((ms: number) => Promise<void>) & { waits: number[] } {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    clock.advance(ms);
  };
  return Object.assign(sleep, { waits });
}

/** The parsed JSON bodies the transport was sent. */
export function sentBodies(transport: { requests: TransportRequest[] }): unknown[] {
  return transport.requests.map((request) => (request.body === undefined ? undefined : (JSON.parse(request.body) as unknown)));
}

export const recordingId = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A list page of recordings numbered `ids`. */
export function page(ids: number[], totalElements: number, totalPages: number, extra: (n: number) => Record<string, unknown> = () => ({})) {
  return {
    content: ids.map((n) => ({ id: recordingId(n), status: 'COMPLETED', tags: [], ...extra(n) })),
    totalElements,
    totalPages,
  };
}

export const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);
