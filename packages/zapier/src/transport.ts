import { InvalidInputError, MAX_ANSWER_BYTES, isScreenRecError, networkFailure, responseTooLarge, type Transport, type TransportRequest } from '@screenrec/core';
import type { HttpRequestOptions, ZObject } from 'zapier-platform-core';
import type { Step } from './step';

/** A timeout this close to the deadline was the deadline's. */
const DEADLINE_SLACK_MS = 50;

/** Zapier passes these on to node-fetch; its typings do not list them all. */
type RequestOptions = HttpRequestOptions & {
  url: string;
  throwForThrottlingEarly: boolean;
  redirect: 'manual';
  size: number;
  signal: AbortSignal;
};

/**
 * Core's Transport over z.request, so every call shows in Zapier's request log with its secrets scrubbed.
 * Statuses are core's to judge: no throw for status, no early ThrottledError on 429 (core reads Retry-After), and
 * no redirect followed (a 3xx goes back to core as it is, so no credential is re-sent elsewhere). The body read
 * stops past the cap, and the step's deadline aborts the request, body read included: a service that never
 * answers, or dribbles its answer, ends the step with our message inside Zapier's limit.
 */
export function zapierTransport(z: ZObject, step: Step, allowedOrigin: string): Transport {
  return async (request) => {
    if (new URL(request.url).origin !== allowedOrigin) throw offOrigin(request.url);
    const left = step.deadline - Date.now();
    if (left <= 0) throw step.deadlineError('its requests');
    const deadlineSignal = AbortSignal.timeout(left);
    // The request's own timeout is a signal too, not node-fetch's `timeout`: node-fetch leaves that timer running
    // when a read fails (an answer past the cap), which kept a finished test run (and a Zapier runtime) alive.
    const timeoutSignal = AbortSignal.timeout(Math.min(request.timeoutMs, left));
    // Fired when the request fails, so an answer read no further (past the cap) is dropped with its socket.
    const dropped = new AbortController();
    const signal = AbortSignal.any([deadlineSignal, timeoutSignal, dropped.signal, ...(request.signal === undefined ? [] : [request.signal])]);
    const options: RequestOptions = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
      redirect: 'manual',
      size: request.maxBodyBytes > 0 ? request.maxBodyBytes : MAX_ANSWER_BYTES,
      signal,
    };
    let response: Awaited<ReturnType<ZObject['request']>>;
    try {
      response = await z.request(options);
    } catch (error) {
      dropped.abort();
      if (request.signal?.aborted === true && isScreenRecError(request.signal.reason)) throw request.signal.reason;
      // The step's deadline, or a request timeout cut to it: the step's own message, not the HTTP library's.
      if (deadlineSignal.aborted || Date.now() >= step.deadline - DEADLINE_SLACK_MS) throw step.deadlineError('waiting for ScreenRec to answer');
      if (timeoutSignal.aborted) throw networkFailure(request, { timedOut: true });
      throw transportFailure(request, error);
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value: string, name: string) => {
      headers[name.toLowerCase()] = value;
    });
    return { status: response.status, headers, body: response.content };
  };
}

function transportFailure(request: TransportRequest, error: unknown): Error {
  const { type, code } = (typeof error === 'object' && error !== null ? error : {}) as { type?: unknown; code?: unknown };
  if (type === 'max-size') return responseTooLarge(request);
  return networkFailure(request, { timedOut: false, reason: typeof code === 'string' ? code : 'network failure' });
}

/** Core builds every URL from the connection's Service URL; anything else is a defect, never sent. */
function offOrigin(url: string): Error {
  return new InvalidInputError(`Refused a request to ${new URL(url).origin}: this app only talks to the connection's Service URL. Nothing was sent.`);
}
