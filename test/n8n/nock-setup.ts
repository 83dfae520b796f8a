import nock from 'nock';
import { useNock } from '../support/nock';
import { expectNoSecretsIn } from '../support/secrets';
import { API_KEY, BACKEND_TOKEN, BASE_URL, WORKSPACE_ID } from './harness';

/** Every error and output a suite produced, for the secret-leak check. */
const seen: unknown[] = [];
export const remember = <T>(value: T): T => {
	seen.push(value);
	return value;
};

export function setUpNock(): void {
	useNock();
	afterAll(() => expectNoSecretsIn(seen, [BACKEND_TOKEN, API_KEY]));
}

/** One POST to the hook endpoint carrying the token exactly once, with exactly `body`. */
export const hookScope = (body: nock.RequestBodyMatcher) =>
	nock(BASE_URL, { reqheaders: { 'x-service-token': BACKEND_TOKEN, 'content-type': 'application/json' }, badheaders: ['authorization'] }).post(
		'/public/webhooks/N8N',
		body,
	);

export const restScope = () =>
	nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` }, badheaders: ['x-service-token'] });
export const restPath = (path: string) => `/public/integration/${WORKSPACE_ID}${path}`;

/** Runs `run` and returns what it threw. */
export async function failureOf(run: () => Promise<unknown>): Promise<Error & Record<string, unknown>> {
	try {
		await run();
	} catch (error) {
		remember(error);
		return error as Error & Record<string, unknown>;
	}
	throw new Error('expected a failure, but it succeeded');
}
