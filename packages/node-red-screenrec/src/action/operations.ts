import {
  NEWEST_FIRST,
  OPERATIONS,
  OPERATION_NAMES,
  type CallOptions,
  type CatalogueOperation,
  type OperationClients,
  type OperationName,
  type ServiceResponse,
} from 'screenrec';
import type { Connection } from '../connection/connection';
import { WORKSPACE_PLACEHOLDER, type FieldName, type FieldValues, type OwnFieldName } from '../fields';
import type { NodeMessage } from '../red';

type Run = (values: FieldValues, connection: Connection, call: CallOptions) => Promise<unknown>;
/** Writes an operation's result onto the message; gives the error to stop it with when the result is a failure. */
type Deliver = (msg: NodeMessage, result: unknown) => Error | undefined;

/** What Node-RED does its own way for a catalogue operation: its own fields, call or message. */
interface Irregular {
  /** Node-RED's own fields, after the catalogue's inputs. */
  own?: readonly OwnFieldName[];
  /** Those of its own fields that must be given. */
  ownRequired?: readonly OwnFieldName[];
  /** msg.payload is an array of the operation's results, rather than one. */
  many?: boolean;
  /** Node-RED's own call; by default the catalogue's. */
  run?: Run;
  /** How the result goes onto the message: by default it replaces msg.payload. */
  deliver?: Deliver;
}

/**
 * One operation of the action node: the catalogue's, offered under the option value Node-RED released for it
 * (`keys.nodeRed`), with its name, summary, inputs and output; `run` calls the catalogue's `perform`, or Node-RED's own
 * code for the irregular ones.
 */
export interface ActionOperation extends Required<Omit<Irregular, 'own' | 'ownRequired'>> {
  /** The option value: what a saved flow and msg.operation hold. */
  key: string;
  catalogue: CatalogueOperation;
  /** Its fields in the order the form shows them. */
  fields: readonly FieldName[];
  required: readonly FieldName[];
}

/** The catalogue's operations the action node writes out itself: a different call, or Node-RED's own paging. */
const IRREGULAR: Partial<Record<OperationName, Irregular>> = {
  findRecordings: {
    own: ['returnAll', 'limit', 'sortOrder'],
    many: true,
    run(input, connection, call) {
      const filter = {
        sortField: NEWEST_FIRST.sortField,
        sortOrder: input.sortOrder,
        ...only({
          ids: nonEmpty(input.ids),
          statuses: nonEmpty(input.statuses),
          directions: nonEmpty(input.directions),
          tags: nonEmpty(input.filterTags),
          userId: input.userId,
          createdDateFrom: input.createdDateFrom,
          createdDateTo: input.createdDateTo,
        }),
      };
      const limit = input.returnAll === true ? undefined : input.limit;
      const options = { ...call, ...only({ limit, externalReference: input.filterReference }) };
      return connection.rest(OPERATIONS.findRecordings.name).collectRecordings(filter, options);
    },
  },
  // Node-RED's idiom for a list of names: the tags as texts, not the catalogue's one-field items.
  searchTags: {
    deliver: (msg, results) =>
      replacePayload(
        msg,
        (results as Array<{ tag: string }>).map(({ tag }) => tag),
      ),
  },
  anyRequest: {
    own: ['method', 'path', 'queryParameters', 'body', 'headers'],
    ownRequired: ['path'],
    run(input, connection, call) {
      const request = {
        method: input.method ?? 'GET',
        path: (input.path ?? '').replaceAll(WORKSPACE_PLACEHOLDER, connection.settings.workspaceId),
        ...only({ query: input.queryParameters, body: input.body, headers: input.headers }),
      };
      return connection.requester(OPERATIONS.anyRequest.name).send(request, call);
    },
    // As Node-RED's HTTP Request node gives an answer; a refusal still carries it, for the Catch node to read.
    deliver(msg, answer) {
      const { status, headers, body, failure } = answer as ServiceResponse;
      msg.payload = body ?? '';
      msg.statusCode = status;
      msg.headers = headers;
      return failure;
    },
  },
};

function replacePayload(msg: NodeMessage, result: unknown): undefined {
  msg.payload = result;
  return undefined;
}

/** The connection as the catalogue's call takes it: each client asked for by the operation's name. */
function operationClients(connection: Connection, name: string, call: CallOptions): OperationClients {
  return {
    rest: () => connection.rest(name),
    hook: () => connection.hook(name).client(call),
    restIfSetUp: () => (connection.hasRest ? connection.rest(name) : undefined),
  };
}

function actionOf(name: OperationName): ActionOperation | undefined {
  const operation: CatalogueOperation = OPERATIONS[name];
  const { perform } = operation;
  const key = operation.keys.nodeRed;
  const irregular = IRREGULAR[name];
  const run: Run | undefined =
    irregular?.run ??
    (perform === undefined
      ? undefined
      : (input, connection, call) => perform(operationClients(connection, operation.name, call), input, call));
  if (key === undefined || run === undefined || operation.kind !== 'action') return undefined;
  return {
    key,
    catalogue: operation,
    fields: [...operation.inputs, ...(irregular?.own ?? [])],
    required: [...operation.required, ...(irregular?.ownRequired ?? [])],
    many: irregular?.many ?? operation.many ?? false,
    run,
    deliver: irregular?.deliver ?? replacePayload,
  };
}

/**
 * The action node's operations, in the catalogue's order: every action Node-RED released a key for that it can run
 * (by the catalogue's `perform`, or written out above). The editor's choices, form and help are made from this.
 */
export const ACTIONS: ReadonlyMap<string, ActionOperation> = new Map(
  OPERATION_NAMES.flatMap((name) => {
    const action = actionOf(name);
    return action === undefined ? [] : [[action.key, action] as const];
  }),
);
export const ACTION_KEYS: readonly string[] = [...ACTIONS.keys()];
/** A new node starts on the first operation: Create Recording Link. */
export const DEFAULT_OPERATION = ACTION_KEYS[0] ?? '';

export function actionOfKey(key: unknown): ActionOperation | undefined {
  return typeof key === 'string' ? ACTIONS.get(key) : undefined;
}

function nonEmpty<T>(list: T[] | undefined): T[] | undefined {
  return list === undefined || list.length === 0 ? undefined : list;
}

/** The entries whose value is given, so a request carries no undefined property. */
function only<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
