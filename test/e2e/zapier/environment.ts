import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { REPO_ROOT, startReferenceServer, type RunningServer, type VideoLinkMode } from '../../support/reference-server';
import { ZapierFileService } from './zapier-file-service';

/** The entry Zapier loads: `index.js`, which requires the esbuild bundle in dist/ (built by `npm run build`). */
export const BUILT_APP = path.join(REPO_ROOT, 'packages/zapier/index.js');

type Perform = (z: ZObject, bundle: Bundle) => Promise<unknown>;

interface Operation {
  perform: Perform;
  sample?: Record<string, unknown>;
  performList?: Perform;
  performSubscribe?: Perform;
  performUnsubscribe?: Perform;
}

/** The parts of the built app definition these tests run. */
export interface BuiltApp {
  authentication: { test: Perform; connectionLabel: string };
  hydrators: Record<string, Perform>;
  triggers: Record<string, { operation: Operation }>;
  creates: Record<string, { operation: Operation }>;
  searches: Record<string, { operation: Operation }>;
  searchOrCreates?: Record<string, { key: string; search: string; create: string }>;
}

/** A connection's fields as Zapier stores them (authData is a string map). */
export type AuthData = Record<string, string> & { baseUrl: string; backendToken: string };

/** What a user has after connecting a fresh workspace: integration set up, API access on, one API key. */
export interface Connection {
  workspaceId: string;
  name: string;
  ownerUserId: string;
  keyId: string;
  authData: AuthData & { workspaceId: string; apiKey: string };
}

export interface TestBundle {
  authData: AuthData;
  inputData?: Record<string, unknown>;
  targetUrl?: string;
  subscribeData?: Record<string, unknown>;
  cleanedRequest?: unknown;
  meta?: { limit?: number; timezone?: string; page?: number; isLoadingSample?: boolean; isFillingDynamicDropdown?: boolean };
}

export interface ZapierE2E {
  videoLinks: VideoLinkMode;
  server: RunningServer;
  files: ZapierFileService;
  app: BuiltApp;
  /** Runs one method of the built app as Zapier would (zapier-platform-core's appTester), resolving with its result. */
  run: <T>(method: Perform | undefined, bundle: TestBundle) => Promise<T>;
  operation: (kind: 'triggers' | 'creates' | 'searches', key: string) => Operation;
  connectWorkspace: (name: string) => Promise<Connection>;
  /** An admin call that must answer `status`; its body otherwise explains the failure. */
  adminOk: <T = unknown>(status: number, method: string, urlPath: string, body?: unknown) => Promise<T>;
  stop: () => Promise<void>;
}

/**
 * One reference server (a child process), Zapier's file service stand-in and the built Zapier app under
 * zapier-platform-core's appTester, for one test file. Stop it in afterAll.
 */
export async function startZapierE2E(videoLinks: VideoLinkMode = 'service'): Promise<ZapierE2E> {
  if (!existsSync(path.join(REPO_ROOT, 'packages/zapier/dist/index.js'))) {
    throw new Error('The Zapier app is not built: run `npm run build` at the repository root first.');
  }
  const files = new ZapierFileService();
  const previousEnv = { base: process.env.ZAPIER_BASE_ENDPOINT, deployKey: process.env.ZAPIER_DEPLOY_KEY };
  let platform: typeof import('zapier-platform-core');
  let app: BuiltApp;
  try {
    process.env.ZAPIER_BASE_ENDPOINT = await files.start();
    platform = await import('zapier-platform-core');
    app = ((await import(BUILT_APP)) as { default: BuiltApp }).default;
  } catch (error) {
    await files.stop();
    throw error;
  } finally {
    restoreEnv('ZAPIER_BASE_ENDPOINT', previousEnv.base);
  }
  let server: RunningServer;
  try {
    server = await startReferenceServer({ videoLinks });
  } catch (error) {
    await files.stop();
    throw error;
  }
  // z.stashFile refuses to call the RPC without a deploy key; the stand-in ignores it.
  process.env.ZAPIER_DEPLOY_KEY = 'e2e-deploy-key';
  const appTester = platform.createAppTester(app);

  return {
    videoLinks,
    server,
    files,
    app,
    run: async <T>(method: Perform | undefined, bundle: TestBundle) => {
      if (method === undefined) throw new Error('the app has no such method');
      return (await appTester(method, bundle as Partial<Bundle>)) as T;
    },
    operation: (kind, key) => {
      const found = app[kind][key];
      if (found === undefined) throw new Error(`the built app has no ${kind}.${key}`);
      return found.operation;
    },
    adminOk: server.adminOk,
    connectWorkspace: async (name) => {
      const { apiKey, backendToken, ...workspace } = await server.connectWorkspace(name, 'ZAPIER');
      return { ...workspace, authData: { baseUrl: server.baseUrl, backendToken, workspaceId: workspace.workspaceId, apiKey } };
    },
    stop: async () => {
      restoreEnv('ZAPIER_DEPLOY_KEY', previousEnv.deployKey);
      await Promise.all([server.stop(), files.stop()]);
    },
  };
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
