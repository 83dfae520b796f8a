import { RestClient } from 'screenrec';
import type { CreatedRecording } from '../../packages/zapier/src/creates/create-recording';
import { startZapierE2E, type AuthData, type ZapierE2E } from '../e2e/zapier/environment';
import { Catcher } from '../support/catcher';
import { serveOnLoopback, stopServer } from '../support/loopback';
import { triggerWorkflow, type N8nSetup, type TriggerWorkflow } from '../support/n8n-contexts';
import { launchChromium, type Browser } from './chromium';

/**
 * Everything the checks share: a fresh reference server (the built dist, as a child process with
 * --insecure-callbacks), the built Zapier app under appTester with a Zap turned on, our n8n trigger active inside
 * n8n-core's contexts, loopback catchers playing both platforms' hook receivers, and headless Chromium.
 */
export interface Session {
  e2e: ZapierE2E;
  zapier: AuthData & { workspaceId: string; apiKey: string };
  n8n: N8nSetup;
  trigger: TriggerWorkflow;
  rest: RestClient;
  zapHook: Catcher;
  n8nWebhooks: Catcher;
  browser: Browser;
  /** An overloaded service: reads each request whole, then answers 503. Checks send the page's upload there to fail it. */
  unavailableUrl: string;
  /** Create Recording, run as a Zap step does; resolves with the step's output (its `url` is the participant's link). */
  createRecording: (externalReference: string) => Promise<CreatedRecording & { id: string }>;
  /** The recording's status through the REST API, as a dashboard or a Zap's search reads it. */
  statusOf: (recordingId: string) => Promise<string>;
  stop: () => Promise<void>;
}

const ZAP_HOOK_PATH = '/hooks/catch/browser/';

export async function startSession(): Promise<Session> {
  const zapHook = new Catcher();
  const n8nWebhooks = new Catcher();
  const stoppers: Array<() => Promise<unknown>> = [() => zapHook.stop(), () => n8nWebhooks.stop()];
  // In order: unsubscribe while the service still runs, then stop the browser, the service and the catchers.
  const stop = async () => {
    for (const stopOne of stoppers.splice(0).reverse()) await stopOne().catch(() => undefined);
  };
  try {
    await Promise.all([zapHook.start(), n8nWebhooks.start()]);
    const e2e = await startZapierE2E();
    stoppers.push(() => e2e.stop());
    const browser = await launchChromium('allowed');
    stoppers.push(() => browser.close());
    const unavailable = await serveOnLoopback((request, response) => {
      request.resume();
      request.on('end', () =>
        response.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Service Unavailable' })),
      );
    });
    stoppers.push(() => stopServer(unavailable.server));

    const { baseUrl, demo } = e2e.server;
    const zapier = { baseUrl, backendToken: demo.tokens.ZAPIER, workspaceId: demo.workspaceId, apiKey: demo.apiKey };
    const n8n: N8nSetup = {
      credential: { serviceUrl: baseUrl, workspaceId: demo.workspaceId, backendToken: demo.tokens.N8N, apiKey: demo.apiKey },
      webhookBaseUrl: `${n8nWebhooks.url}/webhook`,
    };
    const rest = new RestClient({ baseUrl, workspaceId: demo.workspaceId, apiKey: demo.apiKey });

    // The Zap "Video Ready → …" is turned on and the n8n workflow with the ScreenRec Trigger is activated.
    const videoReady = e2e.operation('triggers', 'videoReady');
    const zapSubscription = await e2e.run<{ id: string }>(videoReady.performSubscribe, {
      authData: zapier,
      targetUrl: `${zapHook.url}${ZAP_HOOK_PATH}`,
    });
    stoppers.push(() => e2e.run(videoReady.performUnsubscribe, { authData: zapier, subscribeData: zapSubscription }));
    const trigger = triggerWorkflow({ ...n8n, parameters: { allowHttpWebhook: true, includeRecording: true, download: true } });
    await trigger.create();
    stoppers.push(() => trigger.delete());

    return {
      e2e,
      zapier,
      n8n,
      trigger,
      rest,
      zapHook,
      n8nWebhooks,
      browser,
      unavailableUrl: unavailable.url,
      createRecording: async (externalReference) => {
        const created = await e2e.run<CreatedRecording>(e2e.operation('creates', 'createRecording').perform, {
          authData: zapier,
          inputData: { externalReference, tags: ['browser'] },
        });
        if (created.id === null) throw new Error(`Create Recording gave no recording ID: ${JSON.stringify(created)}`);
        return { ...created, id: created.id };
      },
      statusOf: async (recordingId) => (await rest.getRecording(recordingId)).status,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
