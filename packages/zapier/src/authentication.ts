import type { Authentication, Bundle, ZObject } from 'zapier-platform-core';
import { hookClient, restClient, restCredentials } from './clients';
import { performStep } from './step';

export interface ConnectionTestResult {
  workspace: string;
  restApi: 'connected' | 'not configured';
}

/** PING checks the Service URL and backend token; with REST credentials, one list call checks them too. */
export const testConnection = performStep(async (z: ZObject, bundle: Bundle, step): Promise<ConnectionTestResult> => {
  const rest = restCredentials(bundle);
  if (rest === 'partial') {
    throw new z.errors.Error(
      'Fill in both the Workspace ID and the API Key to use the REST features, or leave both empty.',
      'INVALID_INPUT',
    );
  }
  const { workspace } = await hookClient(z, bundle).ping(step.call);
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
      required: true,
      helpText:
        'In the ScreenRec dashboard, open **Integrations**, press **Setup** on Zapier and copy the backend token shown. Pressing Setup again replaces the token, so reconnect here afterwards.',
    },
    {
      key: 'workspaceId',
      label: 'Workspace ID',
      type: 'string',
      required: false,
      helpText:
        "Optional, for the REST features (find, update and delete recordings, video files, the Recording ID dropdowns). The workspace's ID from the ScreenRec dashboard, for example `3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c`. Give it together with an API key.",
    },
    {
      key: 'apiKey',
      label: 'API Key',
      type: 'password',
      required: false,
      helpText:
        'Optional, for the REST features. A workspace owner creates it in the ScreenRec dashboard: choose the workspace, open **API**, turn on API Access and create a key.',
    },
  ],
  test: testConnection,
  connectionLabel: '{{workspace}}',
} satisfies Authentication;
