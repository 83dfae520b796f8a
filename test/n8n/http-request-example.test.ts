import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IHttpRequestOptions } from 'n8n-workflow';
import { ScreenRecApi } from '../../packages/n8n-nodes-screenrec/credentials/ScreenRecApi.credentials';
import { REPO_ROOT } from '../support/reference-server';

// The package README's HTTP Request example (docs/http-request-workflow.json): signed in with the ScreenRec credential
// (its README placeholders as the Service URL and Workspace ID), its request carries the API key and nothing else.
// That it imports into n8n and that such a request reaches ScreenRec is shown in `npm run test:n8n`.

interface ExampleNode {
  name: string;
  type: string;
  parameters: { method: string; url: string; authentication: string; nodeCredentialType: string; jsonBody: string };
}

const example = JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/n8n-nodes-screenrec/docs/http-request-workflow.json'), 'utf8')) as {
  nodes: ExampleNode[];
};

it('the example HTTP Request node, with the ScreenRec credential, sends its list call with the API key only', async () => {
  const node = example.nodes.find((candidate) => candidate.type === 'n8n-nodes-base.httpRequest')!;
  expect(node.parameters).toMatchObject({ method: 'POST', authentication: 'predefinedCredentialType', nodeCredentialType: 'screenRecApi' });
  expect(JSON.parse(node.parameters.jsonBody)).toEqual({ pageSize: 1 });
  const authenticate = new ScreenRecApi().authenticate as (
    credentials: object,
    options: IHttpRequestOptions,
  ) => Promise<IHttpRequestOptions>;
  const credential = {
    serviceUrl: 'https://api.screenrec.example',
    workspaceId: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
    backendToken: 'bt_example',
    apiKey: 'sk_example',
  };
  const sent = await authenticate(credential, { method: 'POST', uri: node.parameters.url, headers: {} } as unknown as IHttpRequestOptions);
  expect(sent.headers).toEqual({ authorization: 'Bearer sk_example' });
});
