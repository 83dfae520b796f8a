import { isScreenRecError } from 'screenrec/portable';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunctions,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { CredentialData, FIELD_LABELS } from './credential';
import { MissingFieldError, ScreenRecConnection } from './connection';
import { hintFor, whatHappened, type ServiceInterface } from './errors';
import { legacyRequestSend } from './transport';

const NOTHING_TO_TEST = `Fill in the ${FIELD_LABELS.backendToken} (for Create Recording Link and the ScreenRec Trigger), the ${FIELD_LABELS.workspaceId} and ${FIELD_LABELS.apiKey} (for everything else), or all three.`;

/**
 * n8n's "Test connection" for the one ScreenRec credential: it checks whatever is filled in. A backend token is
 * checked with a PING (which also names the workspace), an API key with a one-item list of the workspace.
 */
export async function testScreenRecCredential(
	this: ICredentialTestFunctions,
	credentials: ICredentialsDecrypted<ICredentialDataDecryptedObject>,
): Promise<INodeCredentialTestResult> {
	const credential = CredentialData.parse(credentials.data ?? {});
	if (credential.serviceUrl === '')
		return {
			status: 'Error',
			message: `Fill in the ${FIELD_LABELS.serviceUrl}: the address of the ScreenRec service.`,
		};
	const testToken = credential.backendToken !== '';
	const testKey = credential.apiKey !== '' || credential.workspaceId !== '';
	if (!testToken && !testKey) return { status: 'Error', message: NOTHING_TO_TEST };

	const connection = new ScreenRecConnection(undefined, credential, legacyRequestSend(this));
	const passed: string[] = [];
	if (testToken) {
		const ping = await checked('hook', FIELD_LABELS.backendToken, () => connection.hook('The connection test').ping());
		if (!ping.ok) return { status: 'Error', message: ping.message };
		passed.push(`the ${FIELD_LABELS.backendToken} (workspace "${ping.value.workspace}")`);
	}
	if (testKey) {
		const list = await checked('rest', FIELD_LABELS.apiKey, () => connection.rest('The connection test').listRecordings({ pageSize: 1 }));
		if (!list.ok) return { status: 'Error', message: list.message };
		passed.push(`the ${FIELD_LABELS.apiKey}`);
	}
	return {
		status: 'OK',
		message: `Connection tested successfully: ${passed.join(' and ')} ${passed.length > 1 ? 'work' : 'works'}.`,
	};
}

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Runs one check; a failure says which field it was about, what happened and what to change. */
async function checked<T>(used: ServiceInterface, field: string, check: () => Promise<T>): Promise<Checked<T>> {
	try {
		return { ok: true, value: await check() };
	} catch (error) {
		if (error instanceof MissingFieldError)
			return {
				ok: false,
				message: error.missing.description.replace(/ Nothing was sent to ScreenRec\.$/, ''),
			};
		if (isScreenRecError(error))
			return {
				ok: false,
				message: `${field}: ${whatHappened(error.message)} ${hintFor(error, used)}`,
			};
		return {
			ok: false,
			message: `${field}: the test failed unexpectedly (${error instanceof Error ? error.name : 'unknown error'}).`,
		};
	}
}
