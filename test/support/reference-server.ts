import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';

/** The checkout's root, found from this file whether it runs from test/ (jest) or from a bundle in .cache/. */
export const REPO_ROOT = findRepoRoot(__dirname);

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'shared', 'reference-server', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no ScreenRec checkout above ${from}`);
  }
}

/**
 * The Node that runs the server: this one when it has node:sqlite (22.5 and later), else the Node 22 the repository
 * pins (node_modules/.bin/node), so a suite run by an older Node (the machine's own) still starts it.
 */
export function serverNode(): string {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 5)) return process.execPath;
  const pinned = path.join(REPO_ROOT, 'node_modules', '.bin', 'node');
  if (existsSync(pinned)) return pinned;
  throw new Error(
    `the reference server needs Node 22.5 or newer (node:sqlite); this is Node ${process.versions.node} and ${pinned} is missing: run npm ci`,
  );
}

export interface ListeningLine {
  event: 'listening';
  baseUrl: string;
  /** The storage listener's own origin, with `--storage-port` (the `storage-host` mode). */
  storageUrl?: string;
  adminToken: string;
  demo: {
    workspaceId: string;
    workspaceName: string;
    ownerUserId: string;
    tokens: { ZAPIER: string; N8N: string };
    apiKey: string;
  };
}

export interface RunningServer extends ListeningLine {
  process: ChildProcess;
  /** Everything the server wrote to stderr so far (its logs), for failure reports. */
  logs: () => string;
  stop: () => Promise<void>;
  /** Calls the admin API (the dashboard stand-in) and returns the parsed answer. */
  admin: <T = unknown>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;
  /** An admin call that must answer `status`; otherwise it fails with the answer's body. */
  adminOk: <T = unknown>(status: number, method: string, path: string, body?: unknown) => Promise<T>;
  /** What a user has after connecting a fresh workspace: API access on, one API key, the provider's integration set up. */
  connectWorkspace: (name: string, provider: 'ZAPIER' | 'N8N') => Promise<ConnectedWorkspace>;
}

export interface ConnectedWorkspace {
  workspaceId: string;
  name: string;
  ownerUserId: string;
  keyId: string;
  apiKey: string;
  backendToken: string;
}

/**
 * The shapes of video link the server can hand out (see the reference server's `--video-links` and
 * `--storage-port`): `storage-host` is the storage's link on an origin of its own, as an object store's is.
 */
export const VIDEO_LINK_MODES = ['service', 'storage', 'storage-host'] as const;
export type VideoLinkMode = (typeof VIDEO_LINK_MODES)[number];

/** The server's flags for a mode. */
export function videoLinkArgs(mode: VideoLinkMode): string[] {
  if (mode !== 'storage-host') return ['--video-links', mode];
  const { key, cert } = storageCertificate();
  return ['--video-links', 'storage', '--storage-port', '0', '--storage-tls-key', key, '--storage-tls-cert', cert];
}

let certificate: { key: string; cert: string } | undefined;

/**
 * A certificate for 127.0.0.1, made once per process with openssl and trusted by this process's TLS connections
 * (fetch, the platforms' HTTP clients run in-process): the storage listener speaks https as an object store does,
 * since a plain http link off the Service URL's origin is refused.
 */
function storageCertificate(): { key: string; cert: string } {
  if (certificate !== undefined) return certificate;
  const folder = mkdtempSync(path.join(tmpdir(), 'screenrec-storage-tls-'));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  const made = writeLoopbackCertificate(folder);
  setDefaultCACertificates([...getCACertificates('default'), readFileSync(made.cert, 'utf8')]);
  return (certificate = made);
}

/** A one-day self-signed certificate for 127.0.0.1, made with openssl: key.pem and cert.pem in `folder`. */
export function writeLoopbackCertificate(folder: string): { key: string; cert: string } {
  const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', ...subject], {
    stdio: 'ignore',
  });
  return { key, cert };
}

export interface ReferenceServerOptions {
  /**
   * `service` (the default): `/videos/{recordingId}?expires=…&signature=…`; `storage`: pre-signed object-store
   * links `/storage/{bucket}/{workspaceId}/{objectId}.webm?X-Amz-…` that do not name the recording, on the service's
   * origin; `storage-host`: the same on the storage listener's own origin. Without this option the environment's
   * VIDEO_LINKS decides (the child inherits it), so a whole run can switch modes.
   */
  videoLinks?: VideoLinkMode;
  /** Failed authentications per minute from one address before 429 (server default 20; all tests share 127.0.0.1). */
  failedAuthPerMinute?: number;
  /** Any other flags, as on the command line. */
  args?: string[];
}

/**
 * Starts the built reference server as a separate process, exactly as `npm start -- …` does after its build step,
 * and resolves with its one JSON `listening` line. Takes extra flags (the original form) or options.
 */
export async function startReferenceServer(extraArgsOrOptions: string[] | ReferenceServerOptions = []): Promise<RunningServer> {
  const options: ReferenceServerOptions = Array.isArray(extraArgsOrOptions) ? { args: extraArgsOrOptions } : extraArgsOrOptions;
  const extraArgs = [
    ...(options.videoLinks === undefined ? [] : videoLinkArgs(options.videoLinks)),
    ...(options.failedAuthPerMinute === undefined ? [] : ['--failed-auth-per-minute', String(options.failedAuthPerMinute)]),
    ...(options.args ?? []),
  ];
  const child = spawn(
    serverNode(),
    [
      path.join(REPO_ROOT, 'shared/reference-server/dist/main.js'),
      '--port',
      '0',
      '--insecure-callbacks',
      '--retry-delay-ms',
      '50',
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const line = await new Promise<ListeningLine>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`reference server did not start within 15 s:\n${stderr}`)), 15_000);
    lines.on('line', (text) => {
      if (!text.startsWith('{')) return;
      const parsed = JSON.parse(text) as ListeningLine;
      if (parsed.event !== 'listening') return;
      clearTimeout(timer);
      resolve(parsed);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`reference server exited with ${code} before listening:\n${stderr}`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const admin = async <T>(method: string, urlPath: string, body?: unknown) => {
    const response = await fetch(`${line.baseUrl}${urlPath}`, {
      method,
      headers: { 'x-admin-token': line.adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
  };
  const adminOk = async <T>(status: number, method: string, urlPath: string, body?: unknown): Promise<T> => {
    const answer = await admin<T>(method, urlPath, body);
    if (answer.status !== status) throw new Error(`admin ${method} ${urlPath} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const connectWorkspace = async (name: string, provider: 'ZAPIER' | 'N8N'): Promise<ConnectedWorkspace> => {
    const workspace = await adminOk<{ workspaceId: string; name: string; ownerUserId: string }>(201, 'POST', '/admin/workspaces', { name });
    const workspacePath = `/admin/workspaces/${workspace.workspaceId}`;
    await adminOk(200, 'PATCH', workspacePath, { apiAccess: true });
    const key = await adminOk<{ keyId: string; apiKey: string }>(201, 'POST', `${workspacePath}/api-keys`, {});
    const integration = await adminOk<{ backendToken: string }>(201, 'POST', `${workspacePath}/integrations/${provider}`);
    return { ...workspace, keyId: key.keyId, apiKey: key.apiKey, backendToken: integration.backendToken };
  };
  return { ...line, process: child, logs: () => stderr, stop, admin, adminOk, connectWorkspace };
}
