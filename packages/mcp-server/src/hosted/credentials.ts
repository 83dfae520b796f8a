import { HOOK_PROVIDERS, HookProvider, Uuid } from 'screenrec';

/** The headers a caller names its workspace and backend token in: what users type into their MCP client's `headers`. */
export const CREDENTIAL_HEADERS = {
  workspaceId: 'X-ScreenRec-Workspace-Id',
  backendToken: 'X-ScreenRec-Backend-Token',
  hookProvider: 'X-ScreenRec-Hook-Provider',
} as const;

/** The endpoint; `/mcp/<workspace ID>` names the workspace in the address instead, for a client without headers. */
export const HOSTED_PATH = '/mcp';

/** One caller's ScreenRec credentials, read from its request and used for that request alone. */
export interface Credentials {
  apiKey: string;
  workspaceId: string;
  backendToken?: string;
  hookProvider?: HookProvider;
}

/** Why a request was not served: its status and a message saying what to send instead. */
export interface Refusal {
  status: 401 | 404;
  message: string;
}

const WORKSPACE_HELP = `as the header "${CREDENTIAL_HEADERS.workspaceId}: <workspace ID>" or at the end of the address, ${HOSTED_PATH}/<workspace ID> (the UUID shown in the ScreenRec dashboard)`;

// Exact texts the suite checks; none repeats what the caller sent, so no credential is echoed back.
export const REFUSALS = {
  notFound: { status: 404, message: `Not found: the MCP endpoint is ${HOSTED_PATH}, or ${HOSTED_PATH}/<workspace ID>.` },
  noApiKey: {
    status: 401,
    message:
      'Unauthorized: send your ScreenRec API key as the header "Authorization: Bearer <API key>" (create one in the ScreenRec dashboard\'s API section).',
  },
  notBearer: {
    status: 401,
    message: 'Unauthorized: the Authorization header must be "Bearer <API key>", with your ScreenRec API key after the word Bearer.',
  },
  noWorkspace: { status: 401, message: `Unauthorized: send your workspace's ID ${WORKSPACE_HELP}.` },
  badWorkspace: {
    status: 401,
    message: `Unauthorized: the workspace ID ${Uuid.safeParse('').error?.issues[0]?.message}: send it ${WORKSPACE_HELP}.`,
  },
  twoWorkspaces: {
    status: 401,
    message: `Unauthorized: the workspace ID in the address and the one in ${CREDENTIAL_HEADERS.workspaceId} differ: send one of them.`,
  },
  badHookProvider: {
    status: 401,
    message: `Unauthorized: ${CREDENTIAL_HEADERS.hookProvider} must be ${HOOK_PROVIDERS.join(' or ')} (the integration the backend token belongs to), or left out.`,
  },
} as const satisfies Record<string, Refusal>;

/** The request's credentials, or the refusal that says what is missing or malformed. */
export function credentialsOf(request: Request): { credentials: Credentials } | { refusal: Refusal } {
  const path = /^\/mcp(?:\/([^/]*))?\/?$/.exec(new URL(request.url).pathname);
  if (path === null) return { refusal: REFUSALS.notFound };

  const authorization = header(request, 'authorization');
  if (authorization === undefined) return { refusal: REFUSALS.noApiKey };
  const apiKey = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (apiKey === undefined) return { refusal: REFUSALS.notBearer };

  const inPath = path[1] === undefined || path[1] === '' ? undefined : decodeSegment(path[1]);
  const inHeader = header(request, CREDENTIAL_HEADERS.workspaceId);
  if (inPath !== undefined && inHeader !== undefined && inPath.toLowerCase() !== inHeader.toLowerCase()) {
    return { refusal: REFUSALS.twoWorkspaces };
  }
  const given = inHeader ?? inPath;
  if (given === undefined) return { refusal: REFUSALS.noWorkspace };
  const workspaceId = Uuid.safeParse(given);
  if (!workspaceId.success) return { refusal: REFUSALS.badWorkspace };

  const credentials: Credentials = { apiKey, workspaceId: workspaceId.data };
  const backendToken = header(request, CREDENTIAL_HEADERS.backendToken);
  if (backendToken !== undefined) credentials.backendToken = backendToken;
  const provider = header(request, CREDENTIAL_HEADERS.hookProvider);
  if (provider !== undefined) {
    const parsed = HookProvider.safeParse(provider.toUpperCase());
    if (!parsed.success) return { refusal: REFUSALS.badHookProvider };
    credentials.hookProvider = parsed.data;
  }
  return { credentials };
}

/** A header's trimmed value; blank counts as not sent (a client's form left empty). */
function header(request: Request, name: string): string | undefined {
  const value = request.headers.get(name)?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
