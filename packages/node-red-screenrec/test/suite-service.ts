import { BASE_URL, RECORDING_ID, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
import { serviceMock } from '@screenrec/test-support/service-mock';
import { CONNECTION } from './flows';

/**
 * The ScreenRec service mock of one suite, with an API Key and backend token of its own (ending in `tag`, so a secret
 * found where it must not be names its suite), the credentials that hold them, RECORDING_ID's page and video links,
 * and a one-page list answer.
 */
export function suiteService(tag: string) {
  const API_KEY = `node-red-api-key-${tag}`;
  const BACKEND_TOKEN = `node-red-backend-token-${tag}`;
  return {
    API_KEY,
    BACKEND_TOKEN,
    PAGE_URL: `${BASE_URL}/r/${RECORDING_ID}`,
    VIDEO_URL: `${BASE_URL}/videos/${RECORDING_ID}?expires=1&signature=abc`,
    service: serviceMock({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, apiKey: API_KEY, workspaceId: WORKSPACE_ID }),
    CREDENTIALS: { [CONNECTION]: { apiKey: API_KEY, backendToken: BACKEND_TOKEN } },
    page: (content: unknown[]) => ({ content, totalElements: content.length, totalPages: 1 }),
  };
}
