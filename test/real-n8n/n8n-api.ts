/**
 * Talking to a running n8n process as its owner does, shared by the real-n8n and queue-mode runners: wait until it
 * answers, then call its internal REST API with the session cookie n8n hands out.
 */
import { waitUntil } from '../support/wait';
import { waitForProcess, type Background } from './machine';

/** Calls n8n's internal REST API with the session cookie of the last sign-in. */
export type N8nRest = <T = unknown>(method: string, urlPath: string, body?: unknown) => Promise<{ status: number; body: T }>;

export const OWNER = { email: 'owner@example.com', firstName: 'Ada', lastName: 'Owner', password: 'Screenrec-test-1' };

/** n8n's first start takes a while (database migrations): this long before a process counts as hung. */
const START_MS = 120_000;
const POLL = { intervalMs: 500 };

/** Waits until `process` answers `url` (its readiness check). */
export async function waitForN8n(process: Background, url: string, what: string): Promise<void> {
  const ready = async () =>
    (await fetch(url).then(
      (response) => response.ok,
      () => false,
    )) || undefined;
  await waitForProcess(process, `${what} to answer ${url}`, ready, { ...POLL, timeoutMs: START_MS });
}

export function n8nRestClient(baseUrl: string, browserId: string): N8nRest {
  let cookie = '';
  return async <T>(method: string, urlPath: string, body?: unknown) => {
    const send = () =>
      fetch(`${baseUrl}/rest${urlPath}`, {
        method,
        headers: { 'browser-id': browserId, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A poll every few seconds can reuse a kept-alive connection just as n8n closes it (its keep-alive timeout is
    // 5 s): a read is sent once more on a fresh connection; a write never is.
    const response = await send().catch((error: unknown) => (method === 'GET' ? send() : Promise.reject(error)));
    const setCookie = response.headers.get('set-cookie')?.match(/n8n-auth=[^;]+/);
    if (setCookie) cookie = setCookie[0];
    const text = await response.text();
    return { status: response.status, body: (text === '' || text.startsWith('<') ? text : JSON.parse(text)) as T };
  };
}

/**
 * Sets up the owner account on a fresh n8n, or logs in as the owner on one that has it. The readiness check answers
 * before the REST routes are mounted, so a 404 is retried until they are.
 */
export async function signInAsOwner(rest: N8nRest, account: 'set up the owner' | 'log in', what: string): Promise<void> {
  const [urlPath, credentials] =
    account === 'set up the owner' ? ['/owner/setup', OWNER] : ['/login', { emailOrLdapLoginId: OWNER.email, password: OWNER.password }];
  const answer = await waitUntil(
    `${what}'s REST routes (${urlPath})`,
    async () => {
      const attempt = await rest('POST', urlPath, credentials);
      return attempt.status === 404 ? undefined : attempt;
    },
    { ...POLL, timeoutMs: START_MS },
  );
  if (answer.status !== 200) throw new Error(`${what}: ${account} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}
