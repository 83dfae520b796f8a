import { HOOK_PROVIDERS, type HookProvider } from './schemas.js';
import { HEADER, HOOK_PATH, WORKSPACE_API_PATH, bearer, type ServiceInterface } from './protocol.js';

/**
 * Which secret a request to the service carries, decided by its URL alone: the backend token (`x-service-token`) only
 * to `{Service URL}/public/webhooks/{PROVIDER}`, the API key (Bearer) only to
 * `{Service URL}/public/integration/{the connection's workspace}/…`, and nothing to any other origin, a look-alike
 * host, a path that climbs out (`..`, encoded slashes or dots) or another workspace. Every way past the connectors'
 * own steps applies it: n8n's credential `authenticate`, Zapier's `beforeRequest`, the SDK's `request`, Node-RED's
 * Any Request operation.
 */
export interface ServiceCredentials {
  /** The Service URL: its origin, and its path when the service is mounted under one. */
  baseUrl: string;
  workspaceId?: string;
  apiKey?: string;
  backendToken?: string;
  /** The integration the backend token belongs to; undefined when it may be either. */
  provider?: HookProvider;
}

/** Why a URL gets no secret. `notAnInterface`: another path of the Service URL, which may still be sent without one. */
export type NoSecretBecause =
  | 'notAUrl'
  | 'otherOrigin'
  | 'climbs'
  | 'otherIntegration'
  | 'otherWorkspace'
  | 'missingSecret'
  | 'notAnInterface';

/** Where a URL is on the service, for a connection; `reason` says, in a user's words, why it gets no secret. */
export type CredentialTarget =
  | { interface: ServiceInterface; headers: Record<string, string> }
  | { interface: undefined; headers: Record<string, never>; because: NoSecretBecause; reason: string };

/** The header names that carry a secret: a caller's own request may not set them. */
export const SECRET_HEADERS: readonly string[] = [HEADER.authorization, HEADER.serviceToken];

// Percent-encoded `/`, `\` and `.`, which a server may decode into a path that climbs out of the one checked here.
const ENCODED_PATH_SEPARATORS = /%(2f|5c|2e)/i;

export function credentialTargetOf(url: string, credentials: ServiceCredentials): CredentialTarget {
  const none = (because: NoSecretBecause, reason: string): CredentialTarget => ({ interface: undefined, headers: {}, because, reason });
  let target: URL;
  let service: URL;
  try {
    target = new URL(url);
    service = new URL(credentials.baseUrl);
  } catch {
    return none('notAUrl', `"${shown(url)}" is not a full http(s) URL: give the whole address, starting with the Service URL.`);
  }
  if (target.origin !== service.origin || target.username !== '' || target.password !== '')
    return none(
      'otherOrigin',
      `the URL is not on the Service URL (${service.origin}): ScreenRec's secrets go to the Service URL's own address only.`,
    );
  const rawPath = rawPathOf(url);
  if (
    rawPath.split('/').some((segment) => segment === '..' || segment === '.') ||
    ENCODED_PATH_SEPARATORS.test(rawPath) ||
    rawPath.includes('\\')
  )
    return none('climbs', 'the path climbs out of where it starts (`..`, `.` or an encoded slash, backslash or dot): write it plainly.');
  const mount = service.pathname.replace(/\/+$/, '');
  const path = target.pathname;
  const hookPrefix = `${mount}${HOOK_PATH.replace('{provider}', '')}`;
  if (path.startsWith(hookPrefix)) {
    const provider = path.slice(hookPrefix.length);
    if (
      !(HOOK_PROVIDERS as readonly string[]).includes(provider) ||
      (credentials.provider !== undefined && provider !== credentials.provider)
    )
      return none(
        'otherIntegration',
        `the hook path names ${provider === '' ? 'no integration' : `"${shown(provider)}"`}, not ${credentials.provider ?? HOOK_PROVIDERS.join(' or ')}.`,
      );
    if (!credentials.backendToken)
      return none('missingSecret', 'the connection has no Backend Token, which the automation hook needs: fill it in.');
    return { interface: 'hook', headers: { [HEADER.serviceToken]: credentials.backendToken } };
  }
  const restPrefix = `${mount}${WORKSPACE_API_PATH.replace('{workspaceId}', '')}`;
  if (path.startsWith(restPrefix)) {
    const workspace = path.slice(restPrefix.length).split('/')[0] ?? '';
    if (!credentials.workspaceId || workspace.toLowerCase() !== credentials.workspaceId.trim().toLowerCase())
      return none(
        'otherWorkspace',
        `the path names another workspace than the connection's: use ${restPrefix}${credentials.workspaceId?.trim() || '<workspace ID>'}/….`,
      );
    if (!credentials.apiKey) return none('missingSecret', 'the connection has no API Key, which the REST API needs: fill it in.');
    return { interface: 'rest', headers: { [HEADER.authorization]: bearer(credentials.apiKey.trim()) } };
  }
  return none(
    'notAnInterface',
    `the path is neither the REST API of the connection's workspace (${restPrefix}<workspace ID>/…) nor the automation hook (${hookPrefix}<integration>).`,
  );
}

/** The secret-carrying headers among a caller's own, by name in any case: a caller may not choose its own secret. */
export function secretHeadersIn(headers: Readonly<Record<string, unknown>> = {}): string[] {
  return Object.keys(headers).filter((name) => SECRET_HEADERS.includes(name.toLowerCase()));
}

/** The path as written, before URL parsing removes its dot segments. */
function rawPathOf(url: string): string {
  const afterOrigin = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  return afterOrigin.split(/[?#]/)[0] ?? '';
}

/** A caller's text quoted in a reason: short, on one line. */
function shown(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}
