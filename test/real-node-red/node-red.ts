import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { PROCESS_WAIT } from '../support/checks';
import { freePort } from '../support/loopback';
import { background, waitForProcess, type Background } from '../real-n8n/machine';
import type { NodeRedInstall } from './install';

/** The editor's one user (adminAuth on, so the admin API and the editor's admin endpoints check permissions). */
export const ADMIN_USER = { username: 'screenrec-admin', password: 'screenrec-real-node-red' };

/** The key Node-RED encrypts flows_cred.json with; set, so Node-RED never generates one into .config.runtime.json. */
const CREDENTIAL_SECRET = 'screenrec-real-node-red-credential-secret';

export interface NodeRedServer extends Background {
  baseUrl: string;
  userDir: string;
  admin: AdminApi;
}

/**
 * The settings file: loopback only, a free port, one admin user (its password hashed with the bcrypt Node-RED
 * itself uses), a credential secret, and nothing that would reach the network or prompt in the editor.
 */
function writeSettings(install: NodeRedInstall, userDir: string, port: number, extra: Record<string, unknown>): string {
  const bcrypt = createRequire(path.join(install.modules, 'node-red', 'package.json'))('bcryptjs') as {
    hashSync: (password: string, rounds: number) => string;
  };
  const settings = {
    uiHost: '127.0.0.1',
    uiPort: port,
    flowFile: 'flows.json',
    flowFilePretty: true,
    credentialSecret: CREDENTIAL_SECRET,
    adminAuth: {
      type: 'credentials',
      users: [{ username: ADMIN_USER.username, password: bcrypt.hashSync(ADMIN_USER.password, 8), permissions: '*' }],
    },
    diagnostics: { enabled: false, ui: false },
    telemetry: { enabled: false, updateNotification: false },
    externalModules: { autoInstall: false, palette: { allowInstall: false } },
    editorTheme: { tours: false, projects: { enabled: false } },
    logging: { console: { level: 'info', metrics: false, audit: false } },
    ...extra,
  };
  const file = path.join(userDir, 'settings.js');
  writeFileSync(file, `module.exports = ${JSON.stringify(settings, null, 2)};\n`);
  return file;
}

export interface StartOptions {
  /** The port to listen on (a restart keeps its address); a free one when not given. */
  port?: number;
  /** More settings.js entries (a context store, say). */
  settings?: Record<string, unknown>;
}

/** Starts Node-RED on its user directory and waits until its admin API gives the admin user a token. */
export async function startNodeRed(install: NodeRedInstall, userDir: string, options: StartOptions = {}): Promise<NodeRedServer> {
  const port = options.port ?? (await freePort());
  const settings = writeSettings(install, userDir, port, options.settings ?? {});
  const child = background(install.runtime.node, [install.redJs, '--userDir', userDir, '--settings', settings], {
    cwd: userDir,
    env: install.runtime.env(),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const token = await waitForProcess(
      child,
      `Node-RED ${install.target.nodeRed} to answer`,
      () => signIn(baseUrl).catch(() => undefined),
      PROCESS_WAIT,
    );
    return { ...child, baseUrl, userDir, admin: adminApi(baseUrl, token) };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

const Token = z.object({ access_token: z.string().min(1) });

/** A token for the admin user, as node-red-admin and the editor's login get one. */
export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'node-red-admin', grant_type: 'password', scope: '*', ...ADMIN_USER }),
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`POST /auth/token answered ${response.status}`);
  return Token.parse(await response.json()).access_token;
}

export interface AdminAnswer {
  status: number;
  text: string;
}

export interface AdminApi {
  token: string;
  call: (method: string, urlPath: string, body?: unknown, headers?: Record<string, string>) => Promise<AdminAnswer>;
  /** POST /flows as the editor's Deploy button in "full" mode; fails unless Node-RED answers 204. */
  deploy: (flows: unknown[]) => Promise<void>;
  /** POST /inject/<id>: presses an inject node's button; fails unless Node-RED answers 200. */
  inject: (id: string) => Promise<void>;
}

function adminApi(baseUrl: string, token: string): AdminApi {
  const call = async (method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, text: await response.text() };
  };
  const expect = async (status: number, what: string, answer: Promise<AdminAnswer>) => {
    const { status: got, text } = await answer;
    if (got !== status) throw new Error(`${what} answered ${got}: ${text.slice(0, 500)}`);
  };
  return {
    token,
    call,
    deploy: (flows) => expect(204, 'POST /flows', call('POST', '/flows', flows, { 'Node-RED-Deployment-Type': 'full' })),
    inject: (id) => expect(200, `POST /inject/${id}`, call('POST', `/inject/${id}`)),
  };
}
