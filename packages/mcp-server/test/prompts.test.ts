import { connectSdkClient } from './clients';
import { BACKEND_TOKEN, REST_ENV, httpClient, type HttpEra } from './harness';

// The two prompts, as a client of each era the server speaks lists and fetches them: the v1 SDK's (2025, no
// session) and the v2 SDK's (2026-07-28, stateless), through the handler the bin serves; and the built bin over stdio.

const ERAS: HttpEra[] = ['2025 stateless', '2026-07-28'];
const HOOK_ENV = { ...REST_ENV, SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN, SCREENREC_HOOK_PROVIDER: 'N8N' };

type PromptClient = Awaited<ReturnType<typeof httpClient>>['client'];

async function withClient(era: HttpEra, env: NodeJS.ProcessEnv, use: (client: PromptClient) => Promise<void>): Promise<void> {
  const { client, close } = await httpClient(env, era);
  try {
    await use(client);
  } finally {
    await close();
  }
}

async function promptText(client: PromptClient, name: string, args: Record<string, string>): Promise<string> {
  const { messages } = await client.getPrompt({ name, arguments: args });
  expect(messages.map((message) => [message.role, message.content.type])).toEqual([['user', 'text']]);
  const content = messages[0]?.content;
  if (content?.type !== 'text') throw new Error(`expected one text message, got ${JSON.stringify(messages)}`);
  return content.text;
}

const WAIT_AND_FETCH = [
  '2. Call wait_for_recording with the recordingId from step 1. One call waits at most 50 s: while it answers completed: false, tell me the status and call it again.',
  '3. Once it is COMPLETED, call get_video_url with that recordingId and give me the link to the video (it expires after about an hour).',
  'If a call fails, tell me its message as it is; do not create a second request for the same person.',
];

describe.each(ERAS)('prompts for a %s client', (era) => {
  it('lists both prompts with their arguments, which of them are required, and what each one is', async () => {
    await withClient(era, REST_ENV, async (client) => {
      const { prompts } = await client.listPrompts();
      expect(
        prompts.map(({ name, title, arguments: args }) => ({ name, title, args: args?.map((arg) => [arg.name, arg.required]) })),
      ).toEqual([
        {
          name: 'request_screen_recording',
          title: 'Ask someone to record their screen',
          args: [
            ['email', false],
            ['externalReference', false],
          ],
        },
        {
          name: 'review_recordings',
          title: 'Review recordings of a period',
          args: [
            ['from', true],
            ['to', false],
          ],
        },
      ]);
      for (const prompt of prompts) {
        expect(prompt.description?.length).toBeGreaterThan(60);
        for (const arg of prompt.arguments ?? [])
          expect([prompt.name, arg.name, (arg.description?.length ?? 0) > 40]).toEqual([prompt.name, arg.name, true]);
      }
    });
  });

  it('request_screen_recording with an e-mail: create_recording_request e-mails the person, the reference goes in the comment, then wait and fetch', async () => {
    await withClient(era, REST_ENV, async (client) => {
      expect(await promptText(client, 'request_screen_recording', { email: 'ana@example.com', externalReference: 'T-42' })).toBe(
        [
          'Get a screen recording from ana@example.com (reference "T-42") with ScreenRec, and wait until the video is ready.',
          '1. Call create_recording_request with direction "REQUEST", email "ana@example.com", comment "Reference: T-42". ScreenRec e-mails them the invitation.',
          ...WAIT_AND_FETCH,
        ].join('\n'),
      );
    });
  });

  it('request_screen_recording without an e-mail, with a backend token: create_recording_link with the reference, and the link to send', async () => {
    await withClient(era, HOOK_ENV, async (client) => {
      expect(await promptText(client, 'request_screen_recording', { externalReference: 'T-42' })).toBe(
        [
          'Get a screen recording from someone (reference "T-42") with ScreenRec, and wait until the video is ready.',
          '1. Call create_recording_link with externalReference "T-42", and give me the url it returns to send to the person (ScreenRec sends no e-mail).',
          ...WAIT_AND_FETCH,
        ].join('\n'),
      );
      expect((await promptText(client, 'request_screen_recording', {})).split('\n')[1]).toBe(
        '1. Call create_recording_link with an externalReference you ask me for (a ticket or conversation ID), and give me the url it returns to send to the person (ScreenRec sends no e-mail).',
      );
    });
  });

  it('request_screen_recording without an e-mail or a backend token: the agent asks for the e-mail address (fields left empty count as not given)', async () => {
    await withClient(era, REST_ENV, async (client) => {
      expect((await promptText(client, 'request_screen_recording', { email: '', externalReference: '' })).split('\n').slice(0, 2)).toEqual([
        'Get a screen recording from someone with ScreenRec, and wait until the video is ready.',
        '1. ScreenRec can reach the person here only by e-mail: ask me for their e-mail address, then call create_recording_request with direction "REQUEST" and that email.',
      ]);
    });
  });

  it('review_recordings: every page of find_recordings for the period, a summary, and the videos on demand', async () => {
    await withClient(era, REST_ENV, async (client) => {
      expect(await promptText(client, 'review_recordings', { from: '2026-11-01', to: '2026-11-30' })).toBe(
        [
          'Review the ScreenRec recordings created from 2026-11-01 to 2026-11-30.',
          '1. Call find_recordings with createdDateFrom "2026-11-01", createdDateTo "2026-11-30" and limit 100. While its result has a nextCursor, call it again with that cursor and the same filters, until you have them all.',
          '2. Tell me how many there are, how many are COMPLETED (the video is ready) and how many are still open, then list them newest first: created date, status, direction, tags, external reference and comment.',
          '3. Point out what may need me: requests still NEW or under way for several days.',
          'For a recording I want to watch, call get_video_url with its ID (the link expires after about an hour: ask again rather than reuse it); get_recording shows one recording in full.',
        ].join('\n'),
      );
      expect((await promptText(client, 'review_recordings', { from: '2026-11-01T09:00:00Z', to: '' })).split('\n').slice(0, 2)).toEqual([
        'Review the ScreenRec recordings created since 2026-11-01T09:00:00Z.',
        '1. Call find_recordings with createdDateFrom "2026-11-01T09:00:00Z" and limit 100. While its result has a nextCursor, call it again with that cursor and the same filters, until you have them all.',
      ]);
    });
  });

  it.each([
    [
      'request_screen_recording',
      { email: 'ana@' },
      'Invalid arguments for prompt request_screen_recording: email: must be an e-mail address such as ana@example.com',
    ],
    [
      'review_recordings',
      {},
      'Invalid arguments for prompt review_recordings: from: must be an ISO 8601 date or date-time such as 2026-11-21 or 2026-11-21T09:30:00Z',
    ],
    [
      'review_recordings',
      { from: '2026-11-20', to: '2026-11-01' },
      'Invalid arguments for prompt review_recordings: to: must not be before from',
    ],
    [
      'review_recordings',
      { from: '2026-11-01', until: '2026-11-30' },
      'Invalid arguments for prompt review_recordings: Unrecognized key: "until"',
    ],
    ['record_everything', {}, 'Prompt record_everything not found'],
  ])('%s with %j is refused with the field and what to change', async (name, args, message) => {
    await withClient(era, REST_ENV, async (client) => {
      await expect(client.getPrompt({ name, arguments: args })).rejects.toThrow(message);
    });
  });
});

it.each(['v1', 'v2'] as const)('the built bin over stdio offers both prompts to a %s SDK client', async (kind) => {
  const client = await connectSdkClient(kind, { stdio: REST_ENV });
  try {
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['request_screen_recording', 'review_recordings']);
    const { messages } = await client.getPrompt({ name: 'review_recordings', arguments: { from: '2026-11-01' } });
    expect(messages).toEqual([
      {
        role: 'user',
        content: expect.objectContaining({
          type: 'text',
          text: expect.stringMatching(/^Review the ScreenRec recordings created since 2026-11-01\.\n/),
        }),
      },
    ]);
  } finally {
    await client.close();
  }
});
