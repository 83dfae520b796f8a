import type { IAuthenticate, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';
import { authenticateRequest } from '../lib/request-authentication';

/**
 * One ScreenRec connection, as the Zapier app has: the automation hook's backend token and the REST API's key live
 * side by side, and each operation uses the one its interface needs. Both secrets are optional here; an operation
 * whose secret is missing says which field to fill. The nodes' own requests get their secret from core's clients;
 * `authenticate` applies core's same rule (one secret per URL, none elsewhere) to every other request n8n sends with
 * the credential. It is a function, not a fixed set of headers, because a fixed set would put both secrets on every
 * request. The nodes test the credential with their `screenRecApiTest` method (PING for the token, one list call
 * for the key), which checks whatever is filled in.
 */
export class ScreenRecApi implements ICredentialType {
	name = 'screenRecApi';

	displayName = 'ScreenRec API';

	icon: Icon = { light: 'file:../icons/screenrec.svg', dark: 'file:../icons/screenrec.dark.svg' };

	documentationUrl = 'https://github.com/screenrec/screenrec-connectors/tree/main/packages/n8n-nodes-screenrec#credentials';

	authenticate: IAuthenticate = authenticateRequest;

	properties: INodeProperties[] = [
		{
			displayName: 'Service URL',
			name: 'serviceUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.screenrec.example',
			description: 'The address of the ScreenRec service, without a path',
		},
		{
			displayName: 'Workspace ID',
			name: 'workspaceId',
			type: 'string',
			default: '',
			placeholder: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
			description:
				"The workspace's UUID, shown in the ScreenRec dashboard's API section. Needed, with the API Key, by every operation except Create Recording Link.",
		},
		{
			displayName: 'Backend Token',
			name: 'backendToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Shown by the Setup button of the n8n integration in the ScreenRec dashboard (Setup again replaces it). Needed by Create Recording Link and the ScreenRec Trigger.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"Created by a workspace owner in the dashboard's API section, after turning API access on. Needed by every other operation and by the New Recording trigger.",
		},
	];
}
