import { HookAccess, HookClient, InvalidInputError, RestClient, WAIT_PACING, type HookProvider, type WaitPacing } from 'screenrec';
import { SETTINGS, secretsOf, type ClientTuning, type SettingName, type Settings } from './config';
import { ENVIRONMENT_HINTS, type FailureHints } from './failure-hints';

/** A tool was called while the setting it needs is missing or wrong: the message says what to set. */
export class NotConfiguredError extends Error {
  readonly code = 'NOT_CONFIGURED';
}

/** What the tools reach ScreenRec through, built once from the environment. */
export interface Connections {
  /** The REST client; throws NotConfiguredError naming what to set when it cannot be built. */
  rest(): RestClient;
  /** The hook endpoint; undefined when no backend token is set (the hook tool is then not offered). */
  hook?: () => HookAccess;
  toolTimeoutMs: number;
  /** How wait_for_recording paces its checks. */
  waitPacing: WaitPacing;
  /** Values never to be written anywhere (log lines, messages). */
  secrets: string[];
  /** Every configuration problem, for the startup log. */
  problems: string[];
  /** The service origin, when it is known and valid (for the startup log; no credentials, no path). */
  origin?: string;
  /** What a failure's message adds: where the user changes the setting at fault. */
  hints: FailureHints;
  /**
   * The one HTTP request these connections serve (the hosted endpoint builds them per request): when its client
   * goes away, its calls stop, as they do on the client's cancel notice, which a stateless server never receives.
   */
  requestSignal?: AbortSignal;
}

// Core names its constructor options; the user knows the environment variables.
const VARIABLE_OF_OPTION: Record<string, SettingName> = {
  baseUrl: 'SCREENREC_BASE_URL',
  workspaceId: 'SCREENREC_WORKSPACE_ID',
  apiKey: 'SCREENREC_API_KEY',
  backendToken: 'SCREENREC_BACKEND_TOKEN',
};

export function connect(settings: Settings, tuning: ClientTuning = {}, waitPacing: WaitPacing = WAIT_PACING): Connections {
  const rest = build(
    settings,
    { SCREENREC_BASE_URL: settings.baseUrl, SCREENREC_WORKSPACE_ID: settings.workspaceId, SCREENREC_API_KEY: settings.apiKey },
    () => new RestClient({ ...tuning, baseUrl: settings.baseUrl!, workspaceId: settings.workspaceId!, apiKey: settings.apiKey! }),
  );
  const hook =
    settings.backendToken === undefined
      ? undefined
      : build(settings, { SCREENREC_BASE_URL: settings.baseUrl, SCREENREC_BACKEND_TOKEN: settings.backendToken }, () => {
          const clientFor = (provider: HookProvider) => newHook(provider, settings, tuning);
          return new HookAccess(clientFor, settings.hookProvider);
        });
  const problems = [...new Set([...settings.problems, ...rest.problems, ...(hook?.problems ?? [])])];
  const origin = originOf(settings.baseUrl);
  return {
    rest: rest.get,
    ...(hook === undefined ? {} : { hook: hook.get }),
    toolTimeoutMs: settings.toolTimeoutMs,
    waitPacing,
    secrets: secretsOf(settings),
    problems,
    ...(origin === undefined ? {} : { origin }),
    hints: ENVIRONMENT_HINTS,
  };
}

function newHook(provider: HookProvider, settings: Settings, tuning: ClientTuning): HookClient {
  return new HookClient({ ...tuning, baseUrl: settings.baseUrl!, backendToken: settings.backendToken!, provider });
}

/**
 * Builds a client when every variable it needs is set and valid; otherwise a getter that throws the message
 * naming each variable to set or fix. Core validates the values, so its rules and wording apply unchanged.
 */
function build<T>(settings: Settings, needed: Partial<Record<SettingName, string>>, make: () => T): { get: () => T; problems: string[] } {
  const problems = [...settings.problems];
  const missing = (Object.keys(needed) as SettingName[]).filter((name) => needed[name] === undefined);
  for (const name of missing) problems.push(`${name} is not set (${SETTINGS[name]})`);
  let client: T | undefined;
  if (missing.length === 0) {
    try {
      client = make();
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      for (const field of error.fieldErrors ?? []) problems.push(`${VARIABLE_OF_OPTION[field.path] ?? field.path} ${field.message}`);
    }
  }
  if (client !== undefined && problems.length === 0) {
    const ready = client;
    return { get: () => ready, problems };
  }
  const message = notConfiguredMessage(problems);
  return {
    get: () => {
      throw new NotConfiguredError(message);
    },
    problems,
  };
}

export function notConfiguredMessage(problems: readonly string[]): string {
  return (
    `ScreenRec is not set up in this MCP server: ${problems.join('; ')}. ` +
    'Set it in the server\'s environment (the "env" of its entry in your MCP client\'s configuration), then restart the MCP client.'
  );
}

function originOf(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined;
  try {
    const { origin } = new URL(baseUrl);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
