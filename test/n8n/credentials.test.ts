import nock from 'nock';
import { mock } from 'jest-mock-extended';
import { Workflow, type ICredentialDataDecryptedObject, type ICredentialType, type INodeTypes } from 'n8n-workflow';
import { ScreenRecApi } from '../../packages/n8n-nodes-screenrec/credentials/ScreenRecApi.credentials';
import { ScreenRecHookApi } from '../../packages/n8n-nodes-screenrec/credentials/ScreenRecHookApi.credentials';
import { API_KEY, BACKEND_TOKEN, BASE_URL, HOOK_CREDENTIALS, REST_CREDENTIALS } from './harness';
import { restPath, setUpNock } from './nock-setup';

setUpNock();

/**
 * What n8n's "Test connection" does with a credential's `test`: resolve its expressions against the
 * credential (as `$credentials`), let the credential authenticate the request, send it.
 */
async function testConnection(credentialType: ICredentialType, credentials: ICredentialDataDecryptedObject): Promise<number> {
	const workflow = new Workflow({ nodes: [], connections: {}, active: false, nodeTypes: mock<INodeTypes>() });
	const resolve = (value: string) =>
		String(workflow.expression.getParameterValue(value, null, 0, 0, 'test', [], 'internal', { $credentials: credentials } as never));
	const { request } = credentialType.test!;
	const authenticate = credentialType.authenticate as (c: ICredentialDataDecryptedObject, r: object) => Promise<{ headers: Record<string, string> }>;
	const { headers } = await authenticate(credentials, { url: '', headers: { 'content-type': 'application/json' } });
	const response = await fetch(resolve(request.baseURL!) + resolve(request.url!), {
		method: request.method,
		headers,
		body: JSON.stringify(request.body),
	});
	return response.status;
}

describe('ScreenRec Hook API credential', () => {
	it('tests the connection with a PING carrying the backend token, with or without a trailing slash in the Service URL', async () => {
		nock(BASE_URL, { reqheaders: { 'x-service-token': BACKEND_TOKEN } })
			.post('/public/webhooks/N8N', { action: 'PING' })
			.twice()
			.reply(200, { status: 'success', workspace: 'Demo Workspace' });
		expect(await testConnection(new ScreenRecHookApi(), HOOK_CREDENTIALS)).toBe(200);
		expect(await testConnection(new ScreenRecHookApi(), { ...HOOK_CREDENTIALS, serviceUrl: ` ${BASE_URL}//` })).toBe(200);
	});

	it('explains each refusal of the PING in terms of what to change', () => {
		const rules = new ScreenRecHookApi().test.rules!.map((rule) => (rule.properties as { value: unknown }).value);
		expect(rules).toEqual([403, 424, 400, 404]);
	});
});

describe('ScreenRec API credential', () => {
	it('tests the connection with a one-item list of the workspace, with the API key as a Bearer token', async () => {
		nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.post(restPath('/recordings/list'), { pageSize: 1 })
			.reply(200, { content: [], totalElements: 0, totalPages: 0 });
		expect(await testConnection(new ScreenRecApi(), REST_CREDENTIALS)).toBe(200);
	});

	it('explains each refusal of the list call in terms of what to change', () => {
		const rules = new ScreenRecApi().test.rules!.map((rule) => (rule.properties as { value: unknown }).value);
		expect(rules).toEqual([401, 403, 404]);
	});

	it('marks the API key and the backend token as passwords, so n8n never shows them', () => {
		const secretFields = [...new ScreenRecApi().properties, ...new ScreenRecHookApi().properties].filter((property) => property.typeOptions?.password);
		expect(secretFields.map((property) => property.name)).toEqual(['apiKey', 'backendToken']);
	});
});
