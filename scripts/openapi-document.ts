// The OpenAPI 3.1 document of ScreenRec's API (docs/openapi.json), made from what core knows: the schemas of every
// body (packages/core/src/wire/schemas.ts, through zod's own JSON Schema output) and the paths, methods, headers and
// statuses (packages/core/src/wire/protocol.ts). Only the prose a reader of the document needs is written here, and
// what the service refuses that core leaves to it (SERVICE_RULES, BODY_REFUSALS, the 405), as the reference service
// answers it (test/fuzz checks the service against this document). scripts/openapi.ts writes it;
// test/docs/openapi.test.ts fails when the committed file differs.
import { z } from 'zod/v4';
import corePackage from '../packages/core/package.json';
import {
  FAILURE_STATUS,
  FAILURE_STATUSES_OF,
  HEADER,
  HOOK_PATH,
  JSON_MEDIA_TYPE,
  NOTIFICATION_ANSWER,
  REST_CALLS,
  WORKSPACE_API_PATH,
  type FailureStatusName,
  type ServiceInterface,
} from '../packages/core/src/wire/protocol';
import * as schemas from '../packages/core/src/wire/schemas';
import { LIMITS } from '../shared/reference-server/src/limits';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The body schemas the document names, each a component; what they share (a UUID) is a component too. */
const COMPONENTS = {
  Uuid: schemas.Uuid,
  HookProvider: schemas.HookProvider,
  Recording: schemas.Recording,
  CreateRecordingRequest: schemas.CreateRecordingRequest,
  ListRecordingsRequest: schemas.ListRecordingsRequest,
  RecordingPage: schemas.RecordingPage,
  UpdateRecordingRequest: schemas.UpdateRecordingRequest,
  PresignResponse: schemas.PresignResponse,
  TagSearchResponse: schemas.TagSearchResponse,
  HookAction: schemas.HookAction,
  PingAction: schemas.PingAction,
  RecordingAction: schemas.RecordingAction,
  CallbackSubscribeAction: schemas.CallbackSubscribeAction,
  CallbackUnsubscribeAction: schemas.CallbackUnsubscribeAction,
  PingAnswer: schemas.PingAnswer,
  RecordingLinkAnswer: schemas.RecordingAnswer,
  SubscribeAnswer: schemas.SubscribeAnswer,
  UnsubscribeAnswer: schemas.UnsubscribeAnswer,
  HookErrorAnswer: schemas.HookErrorAnswer,
  MessageBody: schemas.MessageBody,
  ValidationErrorBody: schemas.ValidationErrorBody,
  VideoReadyNotification: schemas.VideoReadyNotification,
} as const satisfies Record<string, z.ZodType>;
type ComponentName = keyof typeof COMPONENTS;

const ref = (name: ComponentName): JsonObject => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (schema: JsonObject, extra: JsonObject = {}): JsonObject => ({ [JSON_MEDIA_TYPE]: { schema, ...extra } });

/** Every component as zod writes it (what a request must be, what an answer may be), without its own $schema and $id. */
function componentSchemas(): JsonObject {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const written = z.toJSONSchema(registry, { target: 'draft-2020-12', io: 'input', uri: (id) => `#/components/schemas/${id}` });
  const components: JsonObject = Object.fromEntries(
    Object.entries(written.schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema;
      return [id, rest as JsonObject];
    }),
  );
  // OpenAPI's discriminator lets a tool (Postman, Swagger UI) pick the action's body by its `action` at once.
  const nameOf = (schema: z.ZodType) => Object.entries(COMPONENTS).find(([, component]) => component === schema)?.[0] ?? '';
  components.HookAction = {
    ...(components.HookAction as JsonObject),
    discriminator: {
      propertyName: 'action',
      mapping: Object.fromEntries(
        schemas.HookAction.options.map((option) => [option.shape.action.value, `#/components/schemas/${nameOf(option)}`]),
      ),
    },
  };
  return withServiceRules(components);
}

/** Not blank: a character that is not white space (what JavaScript's trim() removes is what `\s` matches). */
const NOT_BLANK = '\\S';
const NO_CONTROL = '[^\\u0000-\\u001f\\u007f-\\u009f]';
/** A tag: not blank, and no control character (C0, DEL, C1), which the service refuses in a tag. */
const TAG = `^${NO_CONTROL}*(?!\\s)${NO_CONTROL}${NO_CONTROL}*$`;

const CALLBACK_RULE =
  'An https URL whose host is (or resolves to) a public address; a host that does not resolve yet is taken, and checked again at each delivery. (The reference service started with --insecure-callbacks also takes http and loopback.)';

/**
 * The string rules the service checks and core's schemas leave to it (core trims before checking, which JSON Schema
 * cannot say): in a request, every `tags` entry is a tag, a hook recording's `externalReference` is not blank, and a
 * callback is https (its address is the service's to check, at subscribe and at each delivery).
 */
function withServiceRules(components: JsonObject): JsonObject {
  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const properties = node.properties as JsonObject | undefined;
    const tagItems = (properties?.tags as JsonObject | undefined)?.items as JsonObject | undefined;
    if (tagItems?.type === 'string') Object.assign(tagItems, { pattern: TAG, description: 'Not blank, and no control characters.' });
    const reference = properties?.externalReference as JsonObject | undefined;
    if (reference?.type === 'string') Object.assign(reference, { pattern: NOT_BLANK, description: 'Not blank.' });
    const callback = properties?.callback as JsonObject | undefined;
    if (callback?.type === 'string') Object.assign(callback, { pattern: '^https://', description: CALLBACK_RULE });
    Object.values(node).forEach(visit);
  };
  for (const [name, schema] of Object.entries(components)) if (/(Request|Action)$/.test(name)) visit(schema);
  return components;
}

/** What each failure status means on each interface, in a sentence. */
const FAILURE_MEANING: { [S in ServiceInterface]: Record<(typeof FAILURE_STATUSES_OF)[S][number], string> } = {
  rest: {
    badRequest: 'The request does not validate: the body names each field at fault.',
    unauthorized: 'The API key is missing, malformed, unknown, revoked or expired.',
    forbidden: "The workspace's API access is off, or the key belongs to another workspace.",
    notFound: 'No such recording (or no video yet) in the workspace, or no such workspace.',
    tooManyRequests: 'Too many failed authentications from this address; Retry-After says when to try again.',
  },
  hook: {
    badRequest: 'Unknown provider, a malformed body or no action; on PING, an integration that was disconnected or is gone.',
    forbidden: "The token does not match the integration's.",
    integrationError: 'No active integration: the token is missing or expired, or the integration was disconnected.',
    tooManyRequests: 'Too many failed authentications from this address; Retry-After says when to try again.',
  },
};

const message = (description: string): JsonObject => ({ description, content: jsonContent(ref('MessageBody')) });
const KIB = 1024;
/** Refusals of a body before it is read: too large (design.md's Limits), or not JSON (a REST call; the hook's row 2 is 400). */
const BODY_REFUSALS: Record<ServiceInterface, JsonObject> = {
  rest: {
    '413': message(`The body is larger than ${LIMITS.restBodyBytes / KIB / KIB} MiB.`),
    '415': message('The body is not JSON: its `content-type` is not `application/json`.'),
  },
  hook: {
    '413': message(
      `The body is larger than ${LIMITS.hookBodyBytes / KIB} KiB (a token that fails is answered first, 403 or 424, with the body unread).`,
    ),
  },
};

function failureResponses(service: ServiceInterface): JsonObject {
  const meaning: Partial<Record<FailureStatusName, string>> = FAILURE_MEANING[service];
  return Object.fromEntries(
    FAILURE_STATUSES_OF[service].map((name: FailureStatusName) => [
      String(FAILURE_STATUS[name]),
      {
        description: meaning[name] ?? '',
        content: jsonContent(ref(service === 'rest' && name === 'badRequest' ? 'ValidationErrorBody' : 'MessageBody')),
      },
    ]),
  );
}

// Each call names its body's and its answer's schema: this fails to compile when a name is not a component.
const REST_CALL_SCHEMAS: Record<keyof typeof REST_CALLS, { summary: string; request?: ComponentName; answer?: ComponentName }> = REST_CALLS;

const WORKSPACE_ID_PARAMETER: JsonObject = {
  name: 'workspaceId',
  in: 'path',
  required: true,
  description: 'The workspace, as its API keys are created for.',
  schema: ref('Uuid'),
};
const RECORDING_ID_PARAMETER: JsonObject = { name: 'id', in: 'path', required: true, description: 'The recording.', schema: ref('Uuid') };

function restPaths(): JsonObject {
  const paths: JsonObject = {};
  for (const [operationId, call] of Object.entries(REST_CALLS) as [
    keyof typeof REST_CALLS,
    (typeof REST_CALLS)[keyof typeof REST_CALLS],
  ][]) {
    const schemaNames = REST_CALL_SCHEMAS[operationId];
    const parameters = [
      ...(call.path.includes('{id}') ? [RECORDING_ID_PARAMETER] : []),
      ...('query' in call
        ? [{ name: call.query.name, in: 'query', required: true, description: call.query.description, schema: { type: 'string' } }]
        : []),
    ];
    const success: JsonObject = { description: call.answerDescription };
    if (schemaNames.answer !== undefined) success.content = jsonContent(ref(schemaNames.answer));
    const operation: JsonObject = {
      operationId,
      summary: call.summary,
      description: call.description,
      tags: ['REST API'],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(schemaNames.request === undefined
        ? {}
        : { requestBody: { required: !('bodyOptional' in call), content: jsonContent(ref(schemaNames.request)) } }),
      // A GET's body is never read; every other call's is.
      responses: { [String(call.success)]: success, ...failureResponses('rest'), ...(call.method === 'GET' ? {} : BODY_REFUSALS.rest) },
    };
    const path = `${WORKSPACE_API_PATH}${call.path}`;
    const item = (paths[path] ??= { parameters: [WORKSPACE_ID_PARAMETER] }) as JsonObject;
    item[call.method.toLowerCase()] = operation;
  }
  return paths;
}

/** One example body of each action, read through core's own schema so that each is one core would send. */
const HOOK_EXAMPLES: JsonObject = {
  PING: { summary: 'Check the token', value: schemas.PingAction.parse({ action: 'PING' }) },
  RECORDING: {
    summary: 'Create a recording link',
    value: schemas.RecordingAction.parse({ action: 'RECORDING', recording: { externalReference: 'ticket-4711', tags: ['support'] } }),
  },
  CALLBACK_SUBSCRIBE: {
    summary: 'Subscribe to the video-ready notification',
    value: schemas.CallbackSubscribeAction.parse({ action: 'CALLBACK_SUBSCRIBE', callback: 'https://hooks.example.net/video-ready/9d1c' }),
  },
  CALLBACK_UNSUBSCRIBE: {
    summary: 'Unsubscribe',
    value: schemas.CallbackUnsubscribeAction.parse({
      action: 'CALLBACK_UNSUBSCRIBE',
      subscriptionId: '6f0e2a44-1b7c-4f55-9a39-0c6f2d8e1a77',
    }),
  },
};

function hookPath(): JsonObject {
  const answers: ComponentName[] = ['PingAnswer', 'RecordingLinkAnswer', 'SubscribeAnswer', 'UnsubscribeAnswer', 'HookErrorAnswer'];
  return {
    [HOOK_PATH]: {
      post: {
        operationId: 'hookAction',
        summary: 'Run an automation-hook action',
        description:
          'One endpoint for every action; the body\'s `action` says which. PING answers the workspace\'s name, RECORDING the page of a new recording (direction REQUEST, nobody e-mailed), CALLBACK_SUBSCRIBE a subscription to the video-ready notification, CALLBACK_UNSUBSCRIBE its end. Some refusals come with status 200 and an `error` field ("No active subscription.", "Integration not connected.", "Internal Server Error"); they are never a success.',
        tags: ['Automation hook'],
        security: [{ backendToken: [] }],
        parameters: [
          {
            name: 'provider',
            in: 'path',
            required: true,
            description: 'The automation platform of the integration, exact case.',
            schema: ref('HookProvider'),
          },
        ],
        requestBody: { required: true, content: jsonContent(ref('HookAction'), { examples: HOOK_EXAMPLES }) },
        responses: {
          '200': {
            description: "The action's answer, or a refusal carried in an `error` field.",
            content: jsonContent({ anyOf: answers.map(ref) }),
          },
          ...failureResponses('hook'),
          ...BODY_REFUSALS.hook,
        },
      },
    },
  };
}

/** What a receiver's answer to the notification tells the service, by core's NOTIFICATION_ANSWER. */
const NOTIFICATION_ANSWER_MEANING: Record<keyof typeof NOTIFICATION_ANSWER, string> = {
  received: 'Taken in (a repeat included): the service stops sending it.',
  retryLater: 'The receiver cannot tell what the notification is about just now: sent again later.',
  failed: 'The receiver failed: sent again later, as after any 5xx.',
  unreadable:
    "Not a notification the receiver can take (an unreadable body, or a video link that cannot be the service's): not sent again.",
  unauthorized: "The request lacked the receiver's own secret: not sent again.",
  gone: 'The receiver no longer holds this subscription (a stale or unknown secret, an ended wait, a removed node): the service drops the subscription.',
};

function webhooks(): JsonObject {
  return {
    videoReady: {
      post: {
        operationId: 'videoReady',
        summary: 'A recording is finished',
        description:
          'Sent to every callback URL of the workspace subscribed with CALLBACK_SUBSCRIBE when one of its recordings is finished. The body holds only the link to the video: no recording ID, no reference, no signature.',
        tags: ['Automation hook'],
        security: [],
        requestBody: { required: true, content: jsonContent(ref('VideoReadyNotification')) },
        responses: Object.fromEntries(
          Object.entries(NOTIFICATION_ANSWER).map(([name, status]) => [
            String(status),
            { description: NOTIFICATION_ANSWER_MEANING[name as keyof typeof NOTIFICATION_ANSWER] },
          ]),
        ),
      },
    },
  };
}

export function openApiDocument(): JsonObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'ScreenRec API',
      version: corePackage.version,
      description:
        'ScreenRec\'s REST API (recordings of one workspace, with an API key) and its automation-hook endpoint (one integration, with a backend token), as screenrec speaks them; docs/service-api.md tells the rest. The version is screenrec\'s: the service itself shows none. A method a path does not take is answered 405 `{"message":"Method not allowed"}` with an `Allow` header naming the methods the path takes; an unknown path, 404 `{"message":"Not found"}`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{serviceUrl}',
        description: 'The Service URL: where ScreenRec, or the reference service, is reached.',
        variables: { serviceUrl: { default: 'http://127.0.0.1:8080', description: "The reference service's default address." } },
      },
    ],
    tags: [
      { name: 'REST API', description: 'Managing the recordings of one workspace.' },
      { name: 'Automation hook', description: "Automation platforms' endpoint, and the notification it subscribes to." },
    ],
    security: [{ apiKey: [] }],
    paths: { ...restPaths(), ...hookPath() },
    webhooks: webhooks(),
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: "An API key from the dashboard's API section." },
        backendToken: {
          type: 'apiKey',
          in: 'header',
          name: HEADER.serviceToken,
          description: "The backend token from the integration's Setup button.",
        },
      },
    },
  };
}

/** The document as the repository keeps it. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
