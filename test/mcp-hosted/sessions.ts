import { expectThat, type Checks } from '../support/checks';
import type { ConnectedWorkspace, RunningServer } from '../support/reference-server';
import { REST_TOOLS_IN_ORDER, TOOLS_IN_ORDER } from '../../packages/mcp-server/test/clients';
import { ERAS, callTool, connectClient, credentialHeaders, ok, textOf, type Era, type SdkClient } from './clients';
import type { Target } from './targets';

const CARD_URI = 'ui://screenrec/recording-card.html';

interface Recording {
  id: string;
  status: string;
  tags: string[];
}

async function withClient<T>(era: Era, url: string, headers: Record<string, string>, use: (client: SdkClient) => Promise<T>): Promise<T> {
  const client = await connectClient(era, url, headers);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/**
 * Each era's SDK client, as a team member's agent uses the endpoint: the tools its credentials allow, a recording
 * from link to video, the prompts and the recording card.
 */
export async function sessionChecks(
  checks: Checks,
  target: Target,
  service: RunningServer,
  workspace: ConnectedWorkspace,
  serviceOrigin: string,
): Promise<void> {
  for (const era of ERAS) {
    const headers = credentialHeaders(workspace);
    await checks.check(`${era} SDK client: the nine tools with a backend token, the REST ones without`, async () => {
      const all = await withClient(era, target.url, headers, async (client) => (await client.listTools()).tools.map((tool) => tool.name));
      const rest = await withClient(era, target.url, credentialHeaders(workspace, { backendToken: false }), async (client) =>
        (await client.listTools()).tools.map((tool) => tool.name),
      );
      expectThat(JSON.stringify(all) === JSON.stringify(TOOLS_IN_ORDER), `with the token: ${all.join(', ')}`);
      expectThat(JSON.stringify(rest) === JSON.stringify(REST_TOOLS_IN_ORDER), `without: ${rest.join(', ')}`);
    });

    await checks.check(`${era} SDK client: a recording link, found by its tag, completed, its video fetched, tagged, deleted`, () =>
      withClient(era, target.url, headers, async (client) => {
        const tag = `${target.name}-${era}-session`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
        const link = await ok<{ recordingId: string; url: string }>(client, 'create_recording_link', {
          externalReference: `${tag}-ticket`,
          tags: [tag],
        });
        const found = await ok<{ recordings: Recording[] }>(client, 'find_recordings', { tags: [tag] });
        expectThat(
          JSON.stringify(found.recordings.map((r) => r.id)) === JSON.stringify([link.recordingId]),
          `found ${JSON.stringify(found)}`,
        );
        await service.adminOk(200, 'POST', `/admin/recordings/${link.recordingId}/status`, { status: 'COMPLETED' });
        const waited = await ok<{ completed: boolean }>(client, 'wait_for_recording', { recordingId: link.recordingId });
        expectThat(waited.completed, `wait_for_recording: ${JSON.stringify(waited)}`);
        const { videoUrl } = await ok<{ videoUrl: string }>(client, 'get_video_url', { recordingId: link.recordingId });
        const video = await fetch(videoUrl);
        expectThat(video.status === 200 && (await video.arrayBuffer()).byteLength > 0, `the video answered ${video.status}`);
        const updated = await ok<Recording>(client, 'update_recording', { recordingId: link.recordingId, tags: [tag, `${tag}-seen`] });
        expectThat(JSON.stringify(updated.tags) === JSON.stringify([tag, `${tag}-seen`]), `tags ${updated.tags.join(', ')}`);
        await ok(client, 'delete_recording', { recordingId: link.recordingId });
        const gone = await callTool(client, 'get_recording', { recordingId: link.recordingId });
        expectThat(gone.isError === true, `after the delete: ${textOf(gone)}`);
      }),
    );

    await checks.check(`${era} SDK client: the two prompts, filled in with the user's values`, () =>
      withClient(era, target.url, headers, async (client) => {
        const names = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
        expectThat(
          JSON.stringify(names) === JSON.stringify(['request_screen_recording', 'review_recordings']),
          `prompts ${names.join(', ')}`,
        );
        const asked = await client.getPrompt({ name: 'request_screen_recording', arguments: { email: 'pat@example.com' } });
        const text = asked.messages.map((message) => (message.content.type === 'text' ? message.content.text : '')).join('\n');
        expectThat(text.includes('pat@example.com') && text.includes('create_recording_request'), `the prompt said: ${text}`);
        const review = await client.getPrompt({ name: 'review_recordings', arguments: { from: '2026-01-01' } });
        expectThat(review.messages.length > 0, 'review_recordings gave no message');
      }),
    );

    await checks.check(
      `${era} SDK client: the recording card, named by get_recording, its videos from the deployment's ScreenRec only`,
      () =>
        withClient(era, target.url, headers, async (client) => {
          const tools = (await client.listTools()).tools;
          const named = (tools.find((tool) => tool.name === 'get_recording')?._meta as { ui?: { resourceUri?: string } } | undefined)?.ui
            ?.resourceUri;
          expectThat(named === CARD_URI, `get_recording names ${named}`);
          const { contents } = await client.readResource({ uri: CARD_URI });
          const card = contents[0] as { mimeType?: string; text?: string; _meta?: { ui?: { csp?: { resourceDomains?: string[] } } } };
          expectThat(card.mimeType === 'text/html;profile=mcp-app', `mimeType ${card.mimeType}`);
          expectThat(/^<!doctype html>/i.test(card.text ?? ''), `the card starts ${card.text?.slice(0, 40)}`);
          const domains = card._meta?.ui?.csp?.resourceDomains;
          expectThat(JSON.stringify(domains) === JSON.stringify([serviceOrigin]), `resourceDomains ${JSON.stringify(domains)}`);
        }),
    );
  }
}
