import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';
import { DOCUMENTATION_URL, SERVICE_URL_EXPRESSION, serviceUrlProperty } from '../lib/service-url';

/** The automation-hook interface: create recordings and receive "video ready" notifications. */
export class ScreenRecHookApi implements ICredentialType {
	name = 'screenRecHookApi';

	displayName = 'ScreenRec Hook API';

	icon: Icon = { light: 'file:../icons/screenrec.svg', dark: 'file:../icons/screenrec.dark.svg' };

	documentationUrl = DOCUMENTATION_URL;

	properties: INodeProperties[] = [
		serviceUrlProperty,
		{
			displayName: 'Backend Token',
			name: 'backendToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "Shown by the Setup button of the n8n integration in the ScreenRec dashboard. Setup again replaces it.",
		},
	];

	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'x-service-token': String(credentials.backendToken).trim() },
		};
	}

	test: ICredentialTestRequest = {
		request: { baseURL: SERVICE_URL_EXPRESSION, url: '/public/webhooks/N8N', method: 'POST', body: { action: 'PING' } },
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The backend token was rejected. Press Setup on the n8n integration in the ScreenRec dashboard and paste the new token.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 424,
					message: 'No active integration for this token (it was replaced by a newer Setup, or the integration was disconnected). Press Setup again and paste the new token.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 400,
					message: 'The n8n integration was disconnected or no longer exists. Connect it again in the ScreenRec dashboard and paste the new token.',
				},
			},
			{
				type: 'responseCode',
				properties: { value: 404, message: 'Nothing answers at this Service URL. Use the address of the ScreenRec service, without a path.' },
			},
		],
	};
}
