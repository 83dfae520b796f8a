/**
 * The one contract every runtime runs (`npm run test:runtimes`): the packed SDK, imported as a program imports it,
 * against the reference service. Plain ESM, no Node API: the same file runs in Node, Deno, Bun, workerd and a
 * browser page. It never throws: each step is a check with its outcome, for the runner to print and judge.
 */
import {
  CancelledError,
  DeadlineError,
  HookClient,
  NotFoundError,
  RestClient,
  ScreenRecError,
  createFetchTransport,
  sleep,
} from 'screenrec';
import * as portable from 'screenrec/portable';

export interface ContractConfig {
  /** The service (for a browser page, its own origin, which the suite forwards to the service). */
  baseUrl: string;
  /** The same service behind the suite's proxy, which streams every answer without a Content-Length. */
  streamedBaseUrl: string;
  /** The same service behind the suite's proxy, which drops the first answer to each DELETE after the service acted. */
  lossyBaseUrl: string;
  /** A loopback address that takes requests and never answers. */
  silentBaseUrl: string;
  workspaceId: string;
  apiKey: string;
  backendToken: string;
  provider: 'ZAPIER' | 'N8N';
  /** A recording with a video, for the link to it. */
  completedRecordingId: string;
  /** This run's own tag: the recordings it makes carry it, so runs never see each other's. */
  runTag: string;
}

export interface ContractCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface ContractResult {
  /** What the runtime says it is (navigator.userAgent where it has one). */
  userAgent: string;
  checks: ContractCheck[];
  /** The recording deleted through the lossy proxy, for the runner to ask the proxy what it did to the DELETEs. */
  lostAnswerRecordingId?: string;
}

const UNKNOWN_RECORDING = '00000000-0000-4000-8000-000000000000';

class ContractFailure extends Error {}

function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ContractFailure(message);
}

function describe(error: unknown): string {
  if (error instanceof ScreenRecError) return `${error.name} ${error.code}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** What a call threw; fails the check when it resolved instead. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new ContractFailure('resolved, but it was to fail');
}

export async function runContract(config: ContractConfig): Promise<ContractResult> {
  const checks: ContractCheck[] = [];
  const check = async (name: string, body: () => Promise<string | void>): Promise<boolean> => {
    try {
      const detail = await body();
      checks.push({ name, ok: true, ...(detail === undefined ? {} : { detail }) });
      return true;
    } catch (error) {
      checks.push({ name, ok: false, detail: describe(error) });
      return false;
    }
  };
  const rest = new RestClient({ baseUrl: config.baseUrl, workspaceId: config.workspaceId, apiKey: config.apiKey });
  const hook = new HookClient({ baseUrl: config.baseUrl, backendToken: config.backendToken, provider: config.provider });
  const tag = config.runTag;
  const created: string[] = [];
  let hookReference = '';
  let lostAnswerRecordingId: string | undefined;

  await check('hook: createRecordingLink gives a recording page link', async () => {
    hookReference = `${tag}-hook`;
    const { url } = await hook.createRecordingLink({ externalReference: hookReference, tags: [tag] });
    expect(/^https?:\/\//.test(url), `not a link: ${url}`);
    return url;
  });

  await check('REST: requestRecording creates two recordings with their tags', async () => {
    for (const comment of ['first', 'second']) {
      const recording = await rest.requestRecording({ direction: 'REQUEST', tags: [tag], comment });
      expect(recording.tags.includes(tag) && recording.comment === comment, `answered ${JSON.stringify(recording)}`);
      created.push(recording.id);
    }
  });

  await check('REST: listRecordings filtered by tag, two pages of two', async () => {
    const filter = { tags: [tag], pageSize: 2, sortField: 'createdDate' as const, sortOrder: 'Ascending' as const };
    const first = await rest.listRecordings({ ...filter, first: 0 });
    const second = await rest.listRecordings({ ...filter, first: 2 });
    expect(first.totalElements === 3 && first.totalPages === 2, `totals ${first.totalElements} in ${first.totalPages} pages`);
    expect(first.content.length === 2 && second.content.length === 1, `pages of ${first.content.length} and ${second.content.length}`);
    const listed = [...first.content, ...second.content];
    expect(new Set(listed.map((recording) => recording.id)).size === 3, 'a recording listed twice');
    expect(
      created.every((id) => listed.some((recording) => recording.id === id)),
      'a recording made through REST is missing',
    );
    expect(
      listed.some((recording) => recording.externalReference === hookReference),
      "the hook's recording is missing",
    );
  });

  await check('REST: collectRecordings pages through the same three', async () => {
    const all = await rest.collectRecordings({ tags: [tag] });
    expect(all.length === 3, `collected ${all.length}`);
  });

  await check(
    'request: a path the SDK does not wrap, with the API key, its status and headers, and nothing to another workspace',
    async () => {
      const answers: number[] = [];
      const tags = await rest.request(
        { method: 'GET', path: `/public/integration/${config.workspaceId}/recordings/tags`, query: { query: tag } },
        {
          onResponse: ({ status, headers }) =>
            void answers.push(headers['content-type']?.startsWith('application/json') ? status : -status),
        },
      );
      expect(
        JSON.stringify(tags) === JSON.stringify({ result: [tag] }) && answers.join() === '200',
        `answered ${JSON.stringify(tags)}, ${answers.join()}`,
      );
      const refused = await failureOf(rest.request({ method: 'GET', path: `/public/integration/${UNKNOWN_RECORDING}/recordings/tags` }));
      expect(refused instanceof ScreenRecError && refused.code === 'INVALID_INPUT', `another workspace: ${describe(refused)}`);
    },
  );

  await check('REST: updateRecording changes the tags and the comment', async () => {
    const updated = await rest.updateRecording(created[0]!, { tags: [tag, 'updated'], comment: 'updated' });
    expect(updated.tags.includes('updated') && updated.comment === 'updated', `answered ${JSON.stringify(updated)}`);
  });

  await check('REST: getVideoUrl gives a signed link to the video', async () => {
    const url = new URL(await rest.getVideoUrl(config.completedRecordingId));
    expect(url.search.length > 1, `no signature in ${url.href}`);
  });

  await check('REST: deleteRecording (an empty 204 read) returns the recording; then it is not found', async () => {
    const deleted = await rest.deleteRecording(created[0]!);
    expect(deleted.id === created[0], `returned ${deleted.id}`);
    const error = await failureOf(rest.getRecording(created[0]!));
    expect(error instanceof NotFoundError, `then: ${describe(error)}`);
  });

  await check('typed failure: an unknown recording is a NotFoundError, code NOT_FOUND, status 404', async () => {
    const error = await failureOf(rest.updateRecording(UNKNOWN_RECORDING, { comment: 'nobody' }));
    expect(error instanceof NotFoundError && error instanceof ScreenRecError, `threw ${describe(error)}`);
    expect(error.code === 'NOT_FOUND' && error.status === 404 && error.name === 'NotFoundError' && !error.retryable, describe(error));
    return error.message;
  });

  const silent = new RestClient({ baseUrl: config.silentBaseUrl, workspaceId: config.workspaceId, apiKey: config.apiKey });

  await check('cancellation: an AbortSignal ends a call that gets no answer, as a CancelledError', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = failureOf(silent.listRecordings({}, { signal: controller.signal }));
    await sleep(200);
    controller.abort();
    const error = await pending;
    const elapsed = Date.now() - started;
    expect(error instanceof CancelledError && error.code === 'CANCELLED', `threw ${describe(error)}`);
    expect(elapsed < 3000, `ended ${elapsed} ms after the start`);
    return `${elapsed} ms`;
  });

  await check('deadline: a call that gets no answer ends at its deadline, as a DeadlineError', async () => {
    const started = Date.now();
    const error = await failureOf(silent.listRecordings({}, { deadline: started + 500 }));
    const elapsed = Date.now() - started;
    expect(error instanceof DeadlineError && error.code === 'DEADLINE', `threw ${describe(error)}`);
    expect(elapsed >= 400 && elapsed < 5000, `ended ${elapsed} ms after the start`);
    return `${elapsed} ms`;
  });

  await check('lost answer: a DELETE whose 204 was lost, retried and answered 404, is reported deleted', async () => {
    const lossy = new RestClient({
      baseUrl: config.lossyBaseUrl,
      workspaceId: config.workspaceId,
      apiKey: config.apiKey,
      retryBaseDelayMs: 50,
    });
    const id = created[1]!;
    lostAnswerRecordingId = id;
    const deleted = await lossy.deleteRecording(id);
    expect(deleted.id === id, `returned ${deleted.id}`);
    const error = await failureOf(rest.getRecording(id));
    expect(error instanceof NotFoundError, `then: ${describe(error)}`);
  });

  await check("portable entry: a client given the fetch transport and sleep lists as the Node entry's does; one error class", async () => {
    const client = new portable.RestClient({
      baseUrl: config.baseUrl,
      workspaceId: config.workspaceId,
      apiKey: config.apiKey,
      transport: createFetchTransport(),
      sleep,
    });
    const [mine, theirs] = await Promise.all([client.listRecordings({ tags: [tag] }), rest.listRecordings({ tags: [tag] })]);
    expect(mine.totalElements === theirs.totalElements && mine.totalElements === 1, `${mine.totalElements} and ${theirs.totalElements}`);
    const error = await failureOf(client.updateRecording(UNKNOWN_RECORDING, { comment: 'nobody' }));
    expect(error instanceof NotFoundError && error instanceof portable.ScreenRecError, `threw ${describe(error)}`);
    expect(portable.NotFoundError === NotFoundError, 'the two entries have two NotFoundError classes');
  });

  await check("answers streamed without a length (a re-chunking proxy): a creation, a list and a DELETE's empty 204", async () => {
    const streamed = new RestClient({ baseUrl: config.streamedBaseUrl, workspaceId: config.workspaceId, apiKey: config.apiKey });
    const recording = await streamed.requestRecording({ direction: 'REQUEST', tags: [tag, 'streamed'] });
    const page = await streamed.listRecordings({ ids: [recording.id] });
    expect(page.content.length === 1 && page.content[0]!.id === recording.id, `listed ${JSON.stringify(page)}`);
    const deleted = await streamed.deleteRecording(recording.id);
    expect(deleted.id === recording.id, `returned ${deleted.id}`);
    const error = await failureOf(rest.getRecording(recording.id));
    expect(error instanceof NotFoundError, `then: ${describe(error)}`);
  });

  const userAgent = typeof navigator === 'object' && typeof navigator.userAgent === 'string' ? navigator.userAgent : 'unknown';
  return { userAgent, checks, ...(lostAnswerRecordingId === undefined ? {} : { lostAnswerRecordingId }) };
}
