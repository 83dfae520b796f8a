import { HOOK_PROVIDERS, isScreenRecError } from 'screenrec';
import * as z from 'zod/v4';
import { CONNECTION_FIELDS, INTEGRATION_AUTO, SECRET_FIELDS } from './fields';
import { Connection, type ClientTuning, type ConnectionSettings } from './connection';
import { word } from '../locale';
import type { NodeAPI, NodeDefinition, RuntimeNode } from '../red';

export const CONNECTION_TYPE = 'screenrec-connection';
/** The admin route of the dialog's "Test connection" button, under Node-RED's admin root. */
export const TEST_ROUTE = `/${CONNECTION_TYPE}/test`;
/** What Node-RED's editor puts in a password field whose value is stored and not shown. */
export const STORED_PASSWORD = '__PWRD__';
/** How long the test may take in all. */
const TEST_BUDGET_MS = 15_000;

const connections = new WeakMap<object, Connection>();

/** The connection a node's `connection` property points at, or undefined when none is configured. */
export function connectionOf(RED: NodeAPI, id: unknown): Connection | undefined {
  if (typeof id !== 'string' || id === '') return undefined;
  const node = RED.nodes.getNode(id);
  return node === null ? undefined : connections.get(node);
}

const text = z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string().optional().default(''));
const IntegrationValue = z.enum([INTEGRATION_AUTO, ...HOOK_PROVIDERS]).catch(INTEGRATION_AUTO);
const Settings = z.object({
  serviceUrl: text,
  workspaceId: text,
  integration: IntegrationValue,
  publicUrl: text,
  backendToken: text,
  apiKey: text,
});
/** What the dialog sends to the test route: the fields as typed, and the node's id to find stored secrets. */
const TestRequest = Settings.extend({ id: z.string().optional() });

/** Builds a connection's settings from a definition and its credentials; zod reads every value that crosses in. */
export function settingsOf(definition: Record<string, unknown>, credentials: Record<string, string | undefined> = {}): ConnectionSettings {
  return Settings.parse({ ...definition, backendToken: credentials.backendToken, apiKey: credentials.apiKey });
}

/** The config node holding one ScreenRec connection; the backend token and API key are Node-RED credentials. */
export function registerConnection(RED: NodeAPI, tuning: ClientTuning = {}): void {
  RED.nodes.registerType(
    CONNECTION_TYPE,
    function (this: RuntimeNode, definition: NodeDefinition) {
      RED.nodes.createNode(this, definition);
      connections.set(this, new Connection(settingsOf(definition, this.credentials), tuning));
    },
    { credentials: Object.fromEntries(SECRET_FIELDS.map((name) => [name, { type: 'password' as const }])) },
  );

  RED.httpAdmin.post(TEST_ROUTE, RED.auth.needsPermission(`${CONNECTION_TYPE}.write`), (request, response) => {
    const parsed = TestRequest.safeParse(request.body ?? {});
    if (!parsed.success) {
      response.status(400).json({ results: [{ ok: false, message: 'The test request was malformed.' }] });
      return;
    }
    testConnection(RED, parsed.data, tuning).then(
      (results) => response.json({ results }),
      () => response.status(500).json({ results: [{ ok: false, message: 'The test failed unexpectedly.' }] }),
    );
  });
}

export interface TestResult {
  part: 'hook' | 'rest';
  ok: boolean;
  message: string;
}

type TestInput = z.output<typeof TestRequest>;

/**
 * Checks what the dialog holds: PING with the backend token (finding its integration unless chosen) and one REST
 * call with the workspace and API key. A password the dialog shows as stored is taken from the saved node, but only
 * for the Service URL it was saved with: a stored secret is never sent to an address typed in since.
 */
async function testConnection(RED: NodeAPI, input: TestInput, tuning: ClientTuning): Promise<TestResult[]> {
  const t = (key: string, values?: Record<string, string>) => word(RED._.bind(RED), CONNECTION_TYPE, `test.${key}`, values);
  const stored = input.id === undefined ? undefined : RED.nodes.getCredentials(input.id);
  const savedNode = input.id === undefined ? null : RED.nodes.getNode(input.id);
  const savedUrl = savedNode === null ? undefined : connections.get(savedNode)?.serviceUrl;
  const secrets: Partial<Record<(typeof SECRET_FIELDS)[number], string>> = {};
  for (const name of SECRET_FIELDS) {
    if (input[name] !== STORED_PASSWORD) {
      secrets[name] = input[name];
      continue;
    }
    if (savedUrl !== input.serviceUrl) return [{ part: name === 'apiKey' ? 'rest' : 'hook', ok: false, message: t('storedUrlChanged') }];
    secrets[name] = stored?.[name] ?? '';
  }
  const settings: ConnectionSettings = { ...input, backendToken: secrets.backendToken ?? '', apiKey: secrets.apiKey ?? '' };
  const connection = new Connection(settings, tuning);
  const call = { deadline: Date.now() + TEST_BUDGET_MS };
  const results: TestResult[] = [];
  if (connection.hasHook) {
    results.push(
      await outcome('hook', async () => {
        const client = await connection.hook(CONNECTION_FIELDS.backendToken.label).client(call);
        const { workspace } = await client.ping(call);
        return t('hookOk', { workspace });
      }),
    );
  }
  if (settings.workspaceId !== '' || settings.apiKey !== '') {
    results.push(
      await outcome('rest', async () => {
        await connection
          .rest(`${CONNECTION_FIELDS.workspaceId.label} and ${CONNECTION_FIELDS.apiKey.label}`)
          .listRecordings({ pageSize: 1 }, call);
        return t('restOk');
      }),
    );
  }
  return results.length > 0 ? results : [{ part: 'rest', ok: false, message: t('nothingToTest') }];
}

async function outcome(part: TestResult['part'], check: () => Promise<string>): Promise<TestResult> {
  try {
    return { part, ok: true, message: await check() };
  } catch (error) {
    if (isScreenRecError(error)) return { part, ok: false, message: error.message };
    throw error;
  }
}
