import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CARD_NOT_BUILT, CARD_URI } from '../src/card/resource';
import { MAX_VIDEO_ORIGINS, noteVideoLink, videoOrigins } from '../src/card/video-origins';
import { readSettings } from '../src/config';
import { connect } from '../src/connections';
import { silentLogger } from '../src/log';
import { createScreenRecServer } from '../src/server';
import { useNock } from '@screenrec/test-support/nock';
import { API_KEY, BACKEND_TOKEN, BASE_URL, RECORDING_ID, REST_ENV, restPath, restScope } from './harness';
import { spawnStdioServer } from './stdio-bin';

useNock();

/** The tools whose result is a recording or a video link, in the order tools/list gives them. */
const CARD_TOOLS = [
  'create_recording_request',
  'get_recording',
  'get_video_url',
  'update_recording',
  'wait_for_recording',
  'create_recording_link',
];

describe('the recording card as the built server offers it', () => {
  it('is one self-contained HTML resource whose CSP allows only videos from the service, and the tools that return a recording name it', async () => {
    const server = await spawnStdioServer({ ...REST_ENV, SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN });
    try {
      const { resources } = await server.client.listResources();
      expect(resources).toEqual([expect.objectContaining({ uri: CARD_URI, mimeType: 'text/html;profile=mcp-app' })]);
      const { contents } = await server.client.readResource({ uri: CARD_URI });
      expect(contents).toHaveLength(1);
      const [card] = contents;
      expect(card).toMatchObject({ uri: CARD_URI, mimeType: 'text/html;profile=mcp-app' });
      expect(card?._meta).toEqual({ ui: { csp: { resourceDomains: [BASE_URL] }, prefersBorder: true } });
      const html = card !== undefined && 'text' in card ? card.text : '';
      expect(html.startsWith('<!doctype html>')).toBe(true);
      // Everything inline: one script, which imports nothing, and markup that loads no style sheet, font or image.
      const [markup = '', script = '', rest = ''] = html.split(/<script type="module">|<\/script>/);
      expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="module">']);
      expect(`${markup}${rest}`.match(/<link\b|\bsrc=|@import|url\(/gi)).toBeNull();
      expect(script.match(/\bimport\s*[{*"'(]|\bimportScripts\b/g)).toBeNull();
      for (const secret of [API_KEY, BACKEND_TOKEN]) expect(html.includes(secret)).toBe(false);
      const { tools } = await server.client.listTools();
      expect(tools.filter((tool) => tool._meta !== undefined).map((tool) => [tool.name, tool._meta])).toEqual(
        CARD_TOOLS.map((name) => [name, { ui: { resourceUri: CARD_URI } }]),
      );
    } finally {
      await server.close();
    }
  });
});

describe('the hosts the card may play videos from', () => {
  async function serverWith(env: NodeJS.ProcessEnv) {
    const connections = connect(readSettings(env), { sleep: () => Promise.resolve() });
    const server = createScreenRecServer(connections, silentLogger);
    const client = new Client({ name: 'card-tests', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    return { connections, client, close: async () => (await client.close(), await server.close()) };
  }

  it('adds the storage host of each video link get_video_url hands out, and never a private one or a plain-http one', async () => {
    const { connections, client, close } = await serverWith(REST_ENV);
    try {
      const links = [
        `https://screenrec-videos.s3.eu-west-1.amazonaws.com/v/${RECORDING_ID}.webm?X-Amz-Signature=1`,
        `https://screenrec-videos.s3.eu-west-1.amazonaws.com/v/${RECORDING_ID}.webm?X-Amz-Signature=2`,
        `${BASE_URL}/videos/${RECORDING_ID}?signature=3`,
        'https://10.0.0.7/videos/x.webm',
        'http://cdn.screenrec.test/x.webm',
      ];
      for (const url of links) {
        restScope()
          .get(restPath(`/recordings/${RECORDING_ID}/presign`))
          .reply(200, { url });
        const result = await client.callTool({ name: 'get_video_url', arguments: { recordingId: RECORDING_ID } });
        expect(result.structuredContent).toEqual({ recordingId: RECORDING_ID, videoUrl: url });
      }
      expect(videoOrigins(connections)).toEqual([BASE_URL, 'https://screenrec-videos.s3.eu-west-1.amazonaws.com']);
    } finally {
      await close();
    }
  });

  it(`keeps the ${MAX_VIDEO_ORIGINS} latest storage hosts`, () => {
    const connections = connect(readSettings(REST_ENV));
    for (let n = 1; n <= MAX_VIDEO_ORIGINS + 2; n++) noteVideoLink(connections, `https://videos-${n}.example.com/a.webm`);
    expect(videoOrigins(connections)).toEqual([
      BASE_URL,
      ...Array.from({ length: MAX_VIDEO_ORIGINS }, (_, i) => `https://videos-${i + 3}.example.com`),
    ]);
  });

  it('names none without a valid Service URL, and a server run from its sources says the card is not built', async () => {
    const { connections, client, close } = await serverWith({});
    try {
      expect(videoOrigins(connections)).toEqual([]);
      await expect(client.readResource({ uri: CARD_URI })).rejects.toThrow(CARD_NOT_BUILT);
    } finally {
      await close();
    }
  });
});
