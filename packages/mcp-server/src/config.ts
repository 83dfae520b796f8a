import { HOOK_PROVIDERS, HookProvider, type ClientOptions } from 'screenrec';

/** The environment variables the server reads, with what each one is, in a user's words. */
export const SETTINGS = {
  SCREENREC_BASE_URL: "the ScreenRec service's address, such as https://api.screenrec.example",
  SCREENREC_WORKSPACE_ID: "the workspace's ID, a UUID shown in the ScreenRec dashboard",
  SCREENREC_API_KEY: "an API key, created in the ScreenRec dashboard's API section",
  SCREENREC_BACKEND_TOKEN: "the backend token from the Setup button of the workspace's n8n or Zapier integration",
  SCREENREC_HOOK_PROVIDER: `the integration that backend token belongs to: ${HOOK_PROVIDERS.join(' or ')}`,
  SCREENREC_TOOL_TIMEOUT_SECONDS: 'how long one tool call may take, in seconds (1 to 600)',
} as const;

export type SettingName = keyof typeof SETTINGS;

export const DEFAULT_TOOL_TIMEOUT_SECONDS = 50;
export const MAX_TOOL_TIMEOUT_SECONDS = 600;

/** The environment as read: trimmed values (blank counts as unset), and what is wrong with the optional ones. */
export interface Settings {
  baseUrl?: string;
  workspaceId?: string;
  apiKey?: string;
  backendToken?: string;
  /** Unset: found by asking the service which integration the token belongs to. */
  hookProvider?: HookProvider;
  toolTimeoutMs: number;
  /** Problems that concern every tool (a wrong optional value), each naming the variable to fix. */
  problems: string[];
}

const UNEXPANDED = /^\$\{[^}]*\}$/;

export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const value = (name: SettingName) => {
    const raw = env[name]?.trim();
    // A desktop client may pass a bundle's optional field the user left empty as its placeholder, unexpanded.
    return raw === undefined || raw === '' || UNEXPANDED.test(raw) ? undefined : raw;
  };
  const settings: Settings = { toolTimeoutMs: DEFAULT_TOOL_TIMEOUT_SECONDS * 1000, problems: [] };
  const baseUrl = value('SCREENREC_BASE_URL');
  const workspaceId = value('SCREENREC_WORKSPACE_ID');
  const apiKey = value('SCREENREC_API_KEY');
  const backendToken = value('SCREENREC_BACKEND_TOKEN');
  if (baseUrl !== undefined) settings.baseUrl = baseUrl;
  if (workspaceId !== undefined) settings.workspaceId = workspaceId;
  if (apiKey !== undefined) settings.apiKey = apiKey;
  if (backendToken !== undefined) settings.backendToken = backendToken;

  const provider = value('SCREENREC_HOOK_PROVIDER');
  if (provider !== undefined) {
    const parsed = HookProvider.safeParse(provider.toUpperCase());
    if (parsed.success) settings.hookProvider = parsed.data;
    else settings.problems.push(`SCREENREC_HOOK_PROVIDER must be ${HOOK_PROVIDERS.join(' or ')} (${SETTINGS.SCREENREC_HOOK_PROVIDER})`);
  }
  const timeout = value('SCREENREC_TOOL_TIMEOUT_SECONDS');
  if (timeout !== undefined) {
    const seconds = Number(timeout);
    if (Number.isFinite(seconds) && seconds >= 1 && seconds <= MAX_TOOL_TIMEOUT_SECONDS) settings.toolTimeoutMs = seconds * 1000;
    else settings.problems.push(`SCREENREC_TOOL_TIMEOUT_SECONDS must be a number of seconds from 1 to ${MAX_TOOL_TIMEOUT_SECONDS}`);
  }
  return settings;
}

/** The secrets among the settings: scrubbed from every log line and message. */
export function secretsOf(settings: Settings): string[] {
  return [settings.apiKey, settings.backendToken].filter((secret): secret is string => secret !== undefined);
}

/** What the clients may be given besides the settings: tests pass fast sleeps and fewer retries. */
export type ClientTuning = Omit<ClientOptions, 'baseUrl'>;
