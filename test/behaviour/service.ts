import { isDeepStrictEqual } from 'node:util';
import { OPERATIONS, type ErrorCode, type INPUT_FIELDS, type InputName, type OperationName } from 'screenrec';
import type { z } from 'zod/v4';
import type nock from 'nock';
import { ISO_INSTANT } from '../support/recordings';

// The shape of a shared case (cases.ts) and what each platform's suite needs to play it: one table, every
// platform mapping it onto its own fields, so a new row runs everywhere.

/** The catalogue inputs of an operation, by their names in core's INPUT_FIELDS, as a user may give them (blank, untrimmed). */
type InputsOf<Operation extends OperationName> = {
  [Name in (typeof OPERATIONS)[Operation]['inputs'][number]]?: z.input<(typeof INPUT_FIELDS)[Name]['schema']>;
};

/** What each platform offers beside an operation's catalogue inputs: a list asks for `limit` results (Zapier's Find Recording gives 10). */
interface PlatformExtras {
  findRecordings: { limit: 10 };
}

/**
 * What a user asks for, in no platform's words: a catalogue operation (core's OPERATIONS, by its name there) and the
 * values of its inputs. Each runner turns it into its platform's form through the catalogue, so a new operation
 * needs no runner edit.
 */
export type Step = {
  [Operation in OperationName]: { operation: Operation } & InputsOf<Operation> &
    (Operation extends keyof PlatformExtras ? PlatformExtras[Operation] : unknown);
}[OperationName];

/** The step's catalogue inputs, each with its value, in the operation's order; left-out inputs are absent. */
export function stepInputs(step: Step): Array<[InputName, unknown]> {
  const given: Readonly<Record<string, unknown>> = step;
  const inputs: readonly InputName[] = OPERATIONS[step.operation].inputs;
  const strays = Object.keys(given).filter((key) => key !== 'operation' && key !== 'limit' && !inputs.some((name) => name === key));
  if (strays.length > 0) throw new Error(`${step.operation} has no input ${strays.join(', ')} in the catalogue`);
  return inputs.filter((name) => given[name] !== undefined).map((name) => [name, given[name]]);
}

/** One request the service must receive, in order, and its answer. */
export interface Exchange {
  /** The workspace's REST API (`path` relative to it), or the platform's automation-hook endpoint. */
  to: 'rest' | 'hook';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path?: string;
  query?: Record<string, string>;
  /** The whole JSON body; date filters are compared as instants, since platforms may spell one instant differently. */
  body?: Record<string, unknown>;
  status: number;
  answer?: unknown;
}

export interface Failure {
  code: ErrorCode;
  message: string;
  /** The HTTP status, when ScreenRec's answer was the failure. */
  status?: number;
}

/** What the step gives the user: its output items (one for a single result, none for "nothing matched"), or a failure. */
export type Outcome = { output: Array<Record<string, unknown>> } | { failure: Failure };

/**
 * Where a platform does otherwise, and why: MCP, whose input is a model's JSON rather than a form, and Node-RED,
 * whose fields are text passed on as typed.
 */
export type PlatformDifference = { why: string } & ({ notOffered: true } | { exchanges: Exchange[]; outcome: Outcome });

/** The platforms that play a case differently from the table's row. */
export type DifferingPlatform = 'mcp' | 'nodeRed';

export interface BehaviourCase {
  name: string;
  step: Step;
  exchanges: Exchange[];
  outcome: Outcome;
  mcp?: PlatformDifference;
  nodeRed?: PlatformDifference;
}

/**
 * What a Video Ready trigger starts the Zap or workflow with, in the names every platform shares (MCP has no
 * triggers). Each platform adds its own idiom: Zapier an `id` (the same as videoKey, which Zapier deduplicates by)
 * and a Video File for a confirmed recording, n8n the recording's fields beside these (Include Recording Details).
 */
export interface VideoReadyItem {
  /**
   * ScreenRec's own link: the fresh one it signed for a confirmed recording, else the posted one on its origin; or the
   * posted https link on another host, with linkConfirmed false.
   */
  videoUrl: string;
  /** The video's stable identity: the link without its query string. */
  videoKey: string;
  /** False when ScreenRec did not vouch for videoUrl: passed on so that no video is lost, never fetched. */
  linkConfirmed: boolean;
  /** Only when ScreenRec confirmed which recording the video belongs to. */
  recordingId: string | null;
  /** The confirmed recording, as ScreenRec sends it. */
  recording?: Record<string, unknown>;
  /** Why the recording's details are missing; null when they are there. */
  detailsError: string | null;
  /** Where a platform fetches the video with the item (n8n's Download Video): why it could not. */
  downloadError?: string;
}

/**
 * A video-ready notification arriving: what the service posts, the lookups it must answer, and the item, or no run at
 * all for a link ScreenRec does not vouch for. `service` is the origin of the platform's Service URL (each runner's
 * connection has its own), for links on the service's own origin.
 */
export interface VideoReadyCase {
  name: string;
  notification: (service: string) => { result: string };
  /** The user asked for the video with the item (n8n: Download Video; Zapier: a later step using Video File). */
  download?: true;
  exchanges: Exchange[];
  /** null: no run starts (n8n answers the notification and starts no execution; Zapier's perform returns no item). */
  item: (service: string) => VideoReadyItem | null;
}

/** Every platform stamps when the notification arrived. */
export const RECEIVED_NOW = ISO_INSTANT;

/** How one platform's suite reaches the service nock plays. */
export interface ServiceEndpoints {
  rest(): nock.Scope;
  restPath(path: string): string;
  hook(body: (body: Record<string, unknown>) => boolean): nock.Interceptor;
}

/** Sets nock up to expect exactly these exchanges; useNock fails the test if one is left unused. */
export function expectExchanges(exchanges: readonly Exchange[], endpoints: ServiceEndpoints): void {
  for (const exchange of exchanges) {
    const body = exchange.body === undefined ? undefined : sameBody(exchange.body);
    let interceptor: nock.Interceptor;
    if (exchange.to === 'hook') {
      if (body === undefined) throw new Error('a hook exchange always has a body');
      interceptor = endpoints.hook(body);
    } else {
      interceptor = endpoints.rest().intercept(endpoints.restPath(exchange.path ?? ''), exchange.method, body);
      if (exchange.query !== undefined) interceptor = interceptor.query(exchange.query);
    }
    interceptor.reply(exchange.status, exchange.answer === undefined ? undefined : JSON.stringify(exchange.answer), {
      'content-type': 'application/json',
    });
  }
}

const DATE_FILTERS = ['createdDateFrom', 'createdDateTo'];

function sameBody(expected: Record<string, unknown>): (body: Record<string, unknown>) => boolean {
  return (body) => isDeepStrictEqual(withInstants(body), withInstants(expected));
}

function withInstants(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, DATE_FILTERS.includes(key) && typeof value === 'string' ? Date.parse(value) : value]),
  );
}

/** The case as `platform` plays it, or undefined where it offers no such input. */
export function playedOn(testCase: BehaviourCase, platform: DifferingPlatform): { exchanges: Exchange[]; outcome: Outcome } | undefined {
  const difference = testCase[platform];
  if (difference === undefined) return { exchanges: testCase.exchanges, outcome: testCase.outcome };
  return 'notOffered' in difference ? undefined : difference;
}

/** The case as MCP plays it, or undefined where MCP offers no such input. */
export const onMcp = (testCase: BehaviourCase) => playedOn(testCase, 'mcp');
