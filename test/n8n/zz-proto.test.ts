import nock from 'nock';
import { Container } from '@n8n/di';
import { ExecuteContext, BinaryDataService } from 'n8n-core';
import { Workflow, type INodeType, type INodeTypes, type IExecuteFunctions, type IWorkflowExecuteAdditionalData, type ICredentialsHelper } from 'n8n-workflow';
import { mock } from 'jest-mock-extended';

class Demo implements INodeType {
  description = { displayName: 'Demo', name: 'demo', group: ['transform'], version: 1, description: 'd', defaults: { name: 'Demo' }, inputs: ['main'], outputs: ['main'], credentials: [{ name: 'demoApi', required: true }],
    properties: [{ displayName: 'X', name: 'x', type: 'string', default: 'dflt' }] } as never;
  async execute(this: IExecuteFunctions) {
    const x = this.getNodeParameter('x', 0) as string;
    const r = await this.helpers.httpRequestWithAuthentication.call(this, 'demoApi', { method: 'GET', url: 'http://svc.test/a', returnFullResponse: true, ignoreHttpStatusErrors: true, encoding: 'text', json: false });
    const bin = await this.helpers.prepareBinaryData(Buffer.from('hello'), 'v.webm', 'video/webm');
    return [[{ json: { x, status: r.statusCode, body: r.body, headers: r.headers }, binary: { data: bin }, pairedItem: { item: 0 } }]];
  }
}
test('proto', async () => {
  nock.disableNetConnect();
  nock('http://svc.test').get('/a').matchHeader('x-k', 'secret').reply(404, '{"message":"Not found"}', { 'content-type': 'application/json' });
  const nodeType = new Demo();
  const nodeTypes = mock<INodeTypes>({ getByNameAndVersion: () => nodeType, getByName: () => nodeType });
  const node = { id: '1', name: 'Demo', type: 'demo', typeVersion: 1, position: [0, 0] as [number, number], parameters: {}, credentials: { demoApi: { id: '1', name: 'c' } } };
  const workflow = new Workflow({ id: 'w', nodes: [node], connections: {}, active: false, nodeTypes });
  const credentialsHelper = mock<ICredentialsHelper>();
  credentialsHelper.getDecrypted.mockResolvedValue({ key: 'secret' });
  credentialsHelper.getParentTypes.mockReturnValue([]);
  credentialsHelper.preAuthentication.mockResolvedValue(undefined);
  credentialsHelper.authenticate.mockImplementation(async (_c, _t, opts) => ({ ...opts, headers: { ...opts.headers, 'x-k': 'secret' } }) as never);
  const additionalData = mock<IWorkflowExecuteAdditionalData>({ credentialsHelper, currentNodeParameters: undefined });
  additionalData.credentialsHelper = credentialsHelper;
  const ctx = new ExecuteContext(workflow, node, additionalData, 'manual', { resultData: { runData: {} } } as never, 0, [{ json: {} }], { main: [[{ json: {} }]] }, { node, data: { main: [[{ json: {} }]] }, source: null }, []);
  void Container; void BinaryDataService;
  const out = await nodeType.execute.call(ctx);
  console.log(JSON.stringify(out, null, 1));
});
