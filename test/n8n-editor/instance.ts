import { rmSync } from 'node:fs';
import { startReferenceServer, type RunningServer } from '../support/reference-server';
import { startDribblingService, type DribblingService } from '../real-n8n/dribbling-service';
import { prepareN8n, startN8n, type N8nServer } from '../real-n8n/n8n';
import type { InstalledN8n } from '../real-n8n/suite';
import { OWNER } from '../real-n8n/n8n-api';

/** The instance's timezone (n8n's GENERIC_TIMEZONE), which new workflows use. */
export const EDITOR_TIMEZONE = 'Europe/Berlin';

/** One n8n version as a person meets it: our packed package installed as a community package, a fresh user folder, the owner signed up. */
export interface EditorInstance {
  version: string;
  n8n: N8nServer;
  server: RunningServer;
  /** The service as n8n sees it: a proxy in front of the reference server that can send videos a byte at a time. */
  service: DribblingService;
  /** The address n8n reaches the service at: what a person types as the Service URL. */
  serviceUrl: string;
  owner: typeof OWNER;
  stop: () => Promise<void>;
}

/**
 * Starts the reference server and `n8n start` for one installed version. n8n's WEBHOOK_URL is its plain http
 * loopback address, as on a laptop without a tunnel: the Video Ready trigger must refuse it with the fix.
 */
export async function startEditorInstance({ target, runtime, n8nBin }: InstalledN8n, tarball: string): Promise<EditorInstance> {
  const service = await startDribblingService();
  const server = await startReferenceServer(['--public-url', service.baseUrl]).catch(async (error: unknown) => {
    await service.stop();
    throw error;
  });
  service.setUpstream(server.baseUrl);
  let userFolder: string | undefined;
  let n8n: N8nServer | undefined;
  const stop = async () => {
    await n8n?.stop();
    await server.stop();
    await service.stop();
    if (userFolder !== undefined) rmSync(userFolder, { recursive: true, force: true, maxRetries: 10 });
  };
  try {
    // A zone with a short name (CET), as a person in Berlin would set: labels must name it beside UTC dates.
    const instance = await prepareN8n(n8nBin, tarball, runtime, { GENERIC_TIMEZONE: EDITOR_TIMEZONE });
    userFolder = instance.userFolder;
    n8n = await startN8n(n8nBin, instance);
    return { version: target.n8n, n8n, server, service, serviceUrl: service.baseUrl, owner: OWNER, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
