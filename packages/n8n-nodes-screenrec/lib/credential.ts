import * as z from 'zod/v4';

export const CREDENTIAL = 'screenRecApi';
/** The node method that tests the credential (n8n's `testedBy`). */
export const CREDENTIAL_TEST = 'screenRecApiTest';
/** What n8n calls a saved ScreenRec API credential; messages use it so the user finds it in the list. */
export const CREDENTIAL_LABEL = 'ScreenRec account';

const text = z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string().optional().default(''));

/** The credential as n8n hands it over (decrypted); blank fields are empty strings. */
export const CredentialData = z.object({
	serviceUrl: text,
	workspaceId: text,
	backendToken: text,
	apiKey: text,
});
export type CredentialData = z.output<typeof CredentialData>;

/** The credential's fields by their label in n8n, for messages that say which one to fill. */
export const FIELD_LABELS = {
	serviceUrl: 'Service URL',
	workspaceId: 'Workspace ID',
	backendToken: 'Backend Token',
	apiKey: 'API Key',
} as const satisfies Record<keyof CredentialData, string>;

const WHERE_TO_FIND: Record<keyof CredentialData, string> = {
	serviceUrl: 'the address of the ScreenRec service, without a path',
	workspaceId: "the workspace's UUID, shown in the ScreenRec dashboard's API section",
	backendToken: 'press Setup on the n8n integration in the ScreenRec dashboard and copy the token it shows',
	apiKey: "a workspace owner creates one in the ScreenRec dashboard's API section, after turning API access on",
};

export interface MissingField {
	field: keyof CredentialData;
	message: string;
	description: string;
}

/** The first of `fields` left empty in the credential, with a message naming it, or undefined when all are filled. */
export function missingField(
	credential: CredentialData,
	fields: ReadonlyArray<keyof CredentialData>,
	needs: string,
): MissingField | undefined {
	const field = fields.find((name) => credential[name] === '');
	if (field === undefined) return undefined;
	return {
		field,
		message: `${needs} needs the ${FIELD_LABELS[field]}, which the ScreenRec credential leaves empty.`,
		description: `Open the ${CREDENTIAL_LABEL} credential and fill in ${FIELD_LABELS[field]} (${WHERE_TO_FIND[field]}), then run the node again. Nothing was sent to ScreenRec.`,
	};
}
