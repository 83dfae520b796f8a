import type { INodeProperties } from 'n8n-workflow';

/** The field both credentials start with; core strips a trailing slash, the test requests do the same. */
export const serviceUrlProperty: INodeProperties = {
	displayName: 'Service URL',
	name: 'serviceUrl',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'https://api.screenrec.example',
	description: 'The address of the ScreenRec service, without a path',
};

/** The credential test's base URL, from the Service URL without its trailing slashes. */
export const SERVICE_URL_EXPRESSION = '={{ $credentials.serviceUrl.trim().replace(/\\/+$/, "") }}';

export const DOCUMENTATION_URL =
	'https://github.com/screenrec/screenrec-connectors/tree/main/packages/n8n-nodes-screenrec#credentials';
