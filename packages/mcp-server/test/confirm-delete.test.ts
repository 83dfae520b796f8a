import { useNock } from '@screenrec/test-support/nock';
import { driverOf, userWho, type McpDriver, type User } from './clients';
import { RECORDING_ID, REST_ENV, connectClient, connectOverHttp, recording, restPath, restScope } from './harness';

// The question names the recording's date in the server's zone (the user's machine): fixed here to read it exactly.
process.env.TZ = 'UTC';

useNock();

const QUESTION =
  'Delete this ScreenRec recording and its video for good? ticket-4711 · New · 21 Nov 2026, 09:30 UTC · support · ID 0b7c2d1e. This cannot be undone.';
const DECLINED = {
  content: [{ type: 'text', text: `Not deleted: the user declined to delete recording ${RECORDING_ID}. Nothing was deleted.` }],
  isError: true,
};

/** Core reads a recording by listing it by ID (there is no GET of one recording). */
const readIt = () =>
  restScope()
    .post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
    .reply(200, { content: [recording], totalElements: 1, totalPages: 1 });
const deleteIt = () =>
  restScope()
    .delete(restPath(`/recordings/${RECORDING_ID}`))
    .reply(204);

type Era = '2026-07-28 over HTTP' | '2025 over a connection (stdio)' | '2025 over stateless HTTP';

async function connected(era: Era, user?: User): Promise<{ mcp: McpDriver; logs: string[] }> {
  if (era === '2026-07-28 over HTTP') return connectOverHttp(REST_ENV, '2026-07-28', user);
  if (era === '2025 over stateless HTTP') return connectOverHttp(REST_ENV, '2025 stateless', user);
  const { client, logs, close } = await connectClient(REST_ENV, user);
  return { mcp: { ...driverOf(client), close }, logs };
}

async function deleteAs(era: Era, user?: User) {
  const { mcp, logs } = await connected(era, user);
  try {
    return { result: await mcp.callTool('delete_recording', { recordingId: RECORDING_ID }), logs };
  } finally {
    await mcp.close();
  }
}

describe.each(['2026-07-28 over HTTP', '2025 over a connection (stdio)'] as const)('delete_recording asks the user first: %s', (era) => {
  it('deletes once the user confirms, after showing them which recording', async () => {
    const user = userWho('accept');
    readIt(); // to name it in the question
    readIt(); // core reads it again before deleting: the result shows what was deleted
    deleteIt();
    const { result } = await deleteAs(era, user);
    expect(user.asked).toEqual([QUESTION]);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ ...recording, deleted: true });
  });

  it('deletes nothing when the user declines: no DELETE reaches ScreenRec', async () => {
    const user = userWho('decline');
    readIt();
    const { result, logs } = await deleteAs(era, user);
    expect(user.asked).toEqual([QUESTION]);
    expect({ content: result.content, isError: result.isError }).toEqual(DECLINED);
    expect(logs).toContainEqual(expect.stringMatching(/^delete_recording: DECLINED after \d+ ms$/));
  });
});

describe('delete_recording with a client that cannot ask: as before, under the destructive annotation', () => {
  it.each([
    ['a 2026-07-28 client without elicitation', '2026-07-28 over HTTP', undefined],
    ['a 2025 client without elicitation', '2025 over a connection (stdio)', undefined],
    // Stateless 2025 HTTP has no connection for the server's question to travel back on, whatever the client declares.
    ['a 2025 client over stateless HTTP, though it declares elicitation', '2025 over stateless HTTP', userWho('accept')],
  ] as const)('%s: deleted without a question', async (_who, era, user) => {
    readIt();
    deleteIt();
    const { result } = await deleteAs(era, user);
    expect(user?.asked ?? []).toEqual([]);
    expect(result.structuredContent).toEqual({ ...recording, deleted: true });
  });
});
