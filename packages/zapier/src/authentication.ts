import type { Authentication, Bundle, HttpRequestOptions, ZObject } from 'zapier-platform-core';
import * as zod from 'zod/v4';
import { filled, hookClient, restClient, restCredentials } from './clients';
import { performStep } from './step';

export interface ConnectionTestResult {
  /** The workspace's name (from PING), or its ID for a connection without the Backend Token. */
  workspace: string;
  restApi: 'connected' | 'not configured';
}

/**
 * A request Zapier makes for the user and asks the connection's credentials for (its renderAuthTemplate, which the
 * Zapier SDK's and MCP's code actions use): when the app's beforeRequest gave it nothing, Zapier calls this test with
 * the request in `bundle.targetRequest` and keeps the headers of the test's first request for it.
 */
const TargetRequest = zod.object({
  url: zod.string(),
  method: zod.string().optional(),
  headers: zod.record(zod.string(), zod.string()).optional(),
  params: zod.record(zod.string(), zod.string()).optional(),
  body: zod.unknown().optional(),
});

export const NOTHING_TO_CONNECT_WITH =
  'Fill in the Backend Token (for Video Ready and Create Recording Link), or the Workspace ID and the API Key (for the REST features), or all three.';

/**
 * PING checks the Service URL and the backend token; with REST credentials, one list call checks them too (alone,
 * without the token). The first request is the one Zapier learns from where the credentials go: beforeRequest gives
 * it its secret by the same rule as every other request.
 */
export const testConnection = performStep(async (z: ZObject, bundle: Bundle, step): Promise<ConnectionTestResult | undefined> => {
  const asked = (bundle as { targetRequest?: unknown }).targetRequest;
  if (asked !== undefined && asked !== null) {
    // That request itself first, so what Zapier keeps for it is what the rule gives it (else: the PING's token). One
    // this app cannot read is not made: Zapier then keeps nothing.
    const target = TargetRequest.safeParse(asked);
    if (target.success) await z.request({ ...target.data, skipThrowForStatus: true } as HttpRequestOptions & { url: string });
    return undefined;
  }
  const rest = restCredentials(bundle);
  if (rest === 'partial') {
    throw new z.errors.Error(
      'Fill in both the Workspace ID and the API Key to use the REST features, or leave both empty.',
      'INVALID_INPUT',
    );
  }
  const hook = filled(bundle.authData.backendToken);
  if (!hook && rest === 'missing') throw new z.errors.Error(NOTHING_TO_CONNECT_WITH, 'INVALID_INPUT');
  const workspace = hook ? (await hookClient(z, bundle).ping(step.call)).workspace : (bundle.authData.workspaceId ?? '').trim();
  if (rest === 'missing') return { workspace, restApi: 'not configured' };
  await restClient(z, bundle).listRecordings({ pageSize: 1 }, step.call);
  return { workspace, restApi: 'connected' };
});

export default {
  type: 'custom',
  fields: [
    {
      key: 'baseUrl',
      label: 'Service URL',
      type: 'string',
      required: true,
      helpText:
        'The address of your ScreenRec service, starting with `https://`, for example `https://api.screenrec.example`. It is shown on the Zapier integration page of the ScreenRec dashboard. This app sends requests to this address only.',
    },
    {
      key: 'backendToken',
      label: 'Backend Token',
      type: 'password',
      required: false,
      helpText:
        'For Video Ready and Create Recording Link; leave it empty to use the REST features alone. In the ScreenRec dashboard, open **Integrations**, press **Setup** on Zapier and copy the backend token shown. Pressing Setup again replaces the token, so reconnect here afterwards.',
    },
    {
      key: 'workspaceId',
      label: 'Workspace ID',
      type: 'string',
      required: false,
      helpText:
        "For the REST features (find, update and delete recordings, video files, the Recording ID dropdowns). The workspace's ID from the ScreenRec dashboard, for example `3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c`. Give it together with an API key.",
    },
    {
      key: 'apiKey',
      label: 'API Key',
      type: 'password',
      required: false,
      helpText:
        'For the REST features. A workspace owner creates it in the ScreenRec dashboard: choose the workspace, open **API**, turn on API Access and create a key.',
    },
  ],
  test: testConnection,
  connectionLabel: '{{workspace}}',
} satisfies Authentication;
