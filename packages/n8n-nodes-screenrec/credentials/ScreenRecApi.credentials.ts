import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';
import { DOCUMENTATION_URL, SERVICE_URL_EXPRESSION, serviceUrlProperty } from '../lib/service-url';

/** The REST API of one workspace: list, get the video of, update and delete recordings. */
export class ScreenRecApi implements ICredentialType {
	name = 'screenRecApi';

	displayName = 'ScreenRec API';

	icon: Icon = { light: 'file:../icons/screenrec.svg', dark: 'file:../icons/screenrec.dark.svg' };

	documentationUrl = DOCUMENTATION_URL;

	properties: INodeProperties[] = [
		serviceUrlProperty,
		{
			displayName: 'Workspace ID',
			name: 'workspaceId',
			type: 'string',
			default: '',
			required: true,
			placeholder: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
			description: "The workspace's UUID, shown in the ScreenRec dashboard's API section",
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "Created by a workspace owner in the dashboard's API section, after turning API access on",
		},
	];

	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.apiKey).trim()}` },
		};
	}

	/** A one-item list: the cheapest call that needs a valid key, an open workspace and API access on. */
	test: ICredentialTestRequest = {
		request: {
			baseURL: SERVICE_URL_EXPRESSION,
			url: '={{ "/public/integration/" + $credentials.workspaceId.trim() + "/recordings/list" }}',
			method: 'POST',
			body: { pageSize: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: "The API key was rejected: it is wrong, revoked or expired. Create a new key in the dashboard's API section." },
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: "This key may not use this workspace: turn API access on in the dashboard's API section, or check the Workspace ID.",
				},
			},
			{
				type: 'responseCode',
				properties: { value: 404, message: 'Nothing answers at this Service URL and Workspace ID. Check both.' },
			},
		],
	};
}
