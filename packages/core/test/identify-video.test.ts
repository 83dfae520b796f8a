import fc from 'fast-check';
import {
  HINT_NARROW_SEARCH,
  LINK_NAMES_NO_RECORDING,
  LINK_NOT_CONFIRMED,
  MAX_VIDEO_ID_CANDIDATES,
  UNAUTHORIZED_MESSAGE,
  deadlineMessage,
  detailsLookupFailedMessage,
  foreignVideoLinkMessage,
  identifyVideo,
  isNonPublicHost,
  privateVideoLinkMessage,
  redirectMessage,
  serverErrorMessage,
  videoDownloadUrl,
  videoIdCandidates,
} from '@screenrec/core';
import { BASE_URL, RECORDING_ID, WORKSPACE_ID, expectNoSecretsInThrownErrors, failureOf, restClient } from './fixtures';
import { FakeClock, recordingId, scriptedTransport, sentBodies, type ScriptedAnswer } from './scripted';

afterAll(expectNoSecretsInThrownErrors);

const OBJECT_ID = '9d3e1c2b-7a6f-4e5d-8c4b-3a2f1e0d9c8b';
/** A storage link as field conditions give it: bucket/<workspaceId>/<objectId>.webm, re-signed on every delivery. */
const storageLink = (signature = 'abc123') =>
  `https://storage.example.net/bucket/${WORKSPACE_ID}/${OBJECT_ID}.webm?X-Amz-Expires=900&X-Amz-Signature=${signature}`;
const serviceLink = `${BASE_URL}/videos/${RECORDING_ID}?expires=1790000000&signature=abc`;

function rest(answers: ScriptedAnswer[]) {
  const transport = scriptedTransport(new FakeClock(), answers);
  return { transport, client: restClient({ transport, maxRetries: 0 }) };
}
const listing = (...recordings: Array<{ id: string; status: string }>) => ({
  body: { content: recordings, totalElements: recordings.length, totalPages: 1 },
});

describe('identifyVideo', () => {
  it('never reports the workspace id of a storage link as the recording', async () => {
    const { client, transport } = rest([listing()]);
    const identified = await identifyVideo({ result: storageLink() }, client);
    expect(identified).toEqual({
      videoUrl: storageLink(),
      videoKey: `https://storage.example.net/bucket/${WORKSPACE_ID}/${OBJECT_ID}.webm`,
      recordingId: null,
      recording: null,
      detailsError: LINK_NOT_CONFIRMED,
    });
    expect(sentBodies(transport)).toEqual([{ ids: [WORKSPACE_ID, OBJECT_ID], pageSize: 2 }]);
  });

  it('reports the recording the service confirms, with its details, from one list call', async () => {
    const { client, transport } = rest([listing({ id: OBJECT_ID, status: 'COMPLETED' })]);
    const identified = await identifyVideo(JSON.stringify({ result: storageLink() }), client);
    expect(identified).toMatchObject({
      recordingId: OBJECT_ID,
      recording: { id: OBJECT_ID, status: 'COMPLETED', tags: [] },
      detailsError: null,
    });
    expect(transport.requests).toHaveLength(1);
  });

  it('finds UUIDs in the query too, upper case included', async () => {
    const link = `https://cdn.example/v?recording=${RECORDING_ID.toUpperCase()}&sig=1`;
    const { client, transport } = rest([listing({ id: RECORDING_ID, status: 'COMPLETED' })]);
    expect((await identifyVideo({ result: link }, client)).recordingId).toBe(RECORDING_ID);
    expect(sentBodies(transport)).toEqual([{ ids: [RECORDING_ID], pageSize: 1 }]);
  });

  it('prefers a completed recording when the service returns several', async () => {
    const link = `https://cdn.example/${recordingId(1)}/${recordingId(2)}.webm`;
    const { client } = rest([listing({ id: recordingId(2), status: 'PROCESSING' }, { id: recordingId(1), status: 'COMPLETED' })]);
    expect((await identifyVideo({ result: link }, client)).recordingId).toBe(recordingId(1));
  });

  it('ignores a returned recording that was not asked about', async () => {
    const { client } = rest([listing({ id: recordingId(7), status: 'COMPLETED' })]);
    expect(await identifyVideo({ result: serviceLink }, client)).toMatchObject({ recordingId: null, detailsError: LINK_NOT_CONFIRMED });
  });

  it('keeps the same key when the link is re-signed', async () => {
    const first = await identifyVideo({ result: storageLink('one') }, undefined);
    const second = await identifyVideo({ result: storageLink('two') }, undefined);
    expect(second.videoKey).toBe(first.videoKey);
    expect(second.videoUrl).not.toBe(first.videoUrl);
  });

  it('without a REST client: the link alone, and nothing to explain', async () => {
    expect(await identifyVideo({ result: serviceLink }, undefined)).toEqual({
      videoUrl: serviceLink,
      videoKey: `${BASE_URL}/videos/${RECORDING_ID}`,
      recordingId: null,
      recording: null,
      detailsError: null,
    });
  });

  it('a link with no UUID is not looked up', async () => {
    const { client, transport } = rest([]);
    expect(await identifyVideo({ result: 'https://cdn.example/files/video.webm' }, client)).toMatchObject({
      recordingId: null,
      detailsError: LINK_NAMES_NO_RECORDING,
    });
    expect(transport.requests).toEqual([]);
  });

  it(`asks about at most ${MAX_VIDEO_ID_CANDIDATES} UUIDs`, () => {
    const link = `https://cdn.example/${Array.from({ length: 15 }, (_, i) => recordingId(i)).join('/')}`;
    expect(videoIdCandidates(link)).toEqual(Array.from({ length: 10 }, (_, i) => recordingId(i)));
    expect(videoIdCandidates(`https://cdn.example/x${RECORDING_ID}0`)).toEqual([]);
  });

  it.each([
    ['a revoked key', { status: 401 }, UNAUTHORIZED_MESSAGE],
    ['a server error', { status: 500 }, serverErrorMessage(500)],
    ['a redirect', { status: 302 }, redirectMessage(302)],
  ])('a lookup failure (%s) never throws: the link is delivered with the reason', async (_name, answer, reason) => {
    const { client } = rest([answer]);
    const identified = await identifyVideo({ result: storageLink() }, client);
    expect(identified).toMatchObject({ videoUrl: storageLink(), recordingId: null, recording: null });
    expect(identified.detailsError).toBe(detailsLookupFailedMessage(reason));
  });

  it('a lookup past its deadline is a reason too, not a failure', async () => {
    const { client } = rest([listing()]);
    const identified = await identifyVideo({ result: storageLink() }, client, { deadline: 0 });
    expect(identified.detailsError).toBe(detailsLookupFailedMessage(deadlineMessage('listing recordings', 0, HINT_NARROW_SEARCH)));
  });

  it('only an unreadable body throws', async () => {
    expect((await failureOf(identifyVideo({ video: 'x' }, undefined))).code).toBe('INVALID_INPUT');
    expect((await failureOf(identifyVideo('not json', rest([]).client))).code).toBe('INVALID_INPUT');
  });
});

describe('videoDownloadUrl', () => {
  const FRESH = 'https://storage.example.net/bucket/fresh.webm?X-Amz-Signature=new';

  it('asks for a fresh link when the recording is confirmed', async () => {
    const { client, transport } = rest([{ body: { url: FRESH } }]);
    await expect(videoDownloadUrl({ videoUrl: storageLink(), recordingId: RECORDING_ID }, client, BASE_URL)).resolves.toBe(FRESH);
    expect(transport.requests[0]?.url).toBe(`${BASE_URL}/public/integration/${WORKSPACE_ID}/recordings/${RECORDING_ID}/presign`);
  });

  it("uses the posted link, exactly as posted, only when it is on the service's own origin", async () => {
    await expect(videoDownloadUrl({ videoUrl: serviceLink, recordingId: null }, undefined, `${BASE_URL}/`)).resolves.toBe(serviceLink);
  });

  it('refuses an unconfirmed link to another host', async () => {
    const error = await failureOf(videoDownloadUrl({ videoUrl: storageLink(), recordingId: null }, rest([]).client, BASE_URL));
    expect(error).toMatchObject({ code: 'INVALID_INPUT', message: foreignVideoLinkMessage('storage.example.net') });
    expect(error.message).toContain('the link points to another host');
  });

  it.each([
    'http://169.254.169.254/latest/meta-data',
    'http://127.1:8080/v.webm',
    'http://[::ffff:10.0.0.1]/v.webm',
    'http://2130706433/v.webm',
  ])('refuses a fresh link to a private address (%s) that is not the service host', async (link) => {
    const { client } = rest([{ body: { url: link } }]);
    const error = await failureOf(videoDownloadUrl({ videoUrl: storageLink(), recordingId: RECORDING_ID }, client, BASE_URL));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe(privateVideoLinkMessage(new URL(link).host));
  });

  it('allows loopback links when the service itself is there (the lab)', async () => {
    const lab = 'http://127.0.0.1:4010';
    const { client } = rest([{ body: { url: `${lab}/videos/${RECORDING_ID}?signature=x` } }]);
    await expect(videoDownloadUrl({ videoUrl: `${lab}/videos/x`, recordingId: RECORDING_ID }, client, lab)).resolves.toBe(
      `${lab}/videos/${RECORDING_ID}?signature=x`,
    );
    await expect(videoDownloadUrl({ videoUrl: `${lab}/videos/x?s=1`, recordingId: null }, undefined, lab)).resolves.toBe(
      `${lab}/videos/x?s=1`,
    );
  });

  it('names the Service URL field when it is not a URL', async () => {
    expect((await failureOf(videoDownloadUrl({ videoUrl: serviceLink, recordingId: null }, undefined, 'screenrec'))).fieldErrors).toEqual([
      { path: 'serviceBaseUrl', message: 'must be a full http(s) URL' },
    ]);
  });
});

describe('isNonPublicHost', () => {
  it.each([
    'localhost',
    'api.localhost',
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f.0.0.1',
    '0177.0.0.1',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '255.255.255.255',
    '[::1]',
    '::1',
    '[::]',
    '[fc00::1]',
    '[fd12:3456::1]',
    '[fe80::1]',
    '[ff02::1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:a9fe:a9fe]',
    '[64:ff9b::10.0.0.1]',
    '127.0.0.1:8080',
    'bad host name',
  ])('%s is not public', (host) => {
    expect(isNonPublicHost(host)).toBe(true);
  });

  it.each([
    'storage.example.net',
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '[2606:4700::1111]',
    '[::ffff:8.8.8.8]',
    '[64:ff9b::8.8.8.8]',
  ])('%s is public', (host) => {
    expect(isNonPublicHost(host)).toBe(false);
  });

  it('sees a private address in every spelling: dotted, one number, hex, IPv4-mapped IPv6', () => {
    const privateBlocks: Array<[number, number]> = [
      [0x0a000000, 8],
      [0x7f000000, 8],
      [0xac100000, 12],
      [0xc0a80000, 16],
      [0xa9fe0000, 16],
      [0x64400000, 10],
      [0x00000000, 8],
      [0xe0000000, 4],
    ];
    const inBlock = fc
      .constantFrom(...privateBlocks)
      .chain(([base, bits]) => fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((offset) => base + offset));
    fc.assert(
      fc.property(inBlock, (address) => {
        const bytes = [address >>> 24, (address >>> 16) & 0xff, (address >>> 8) & 0xff, address & 0xff];
        const hex = (n: number) => n.toString(16).padStart(4, '0');
        for (const spelling of [
          bytes.join('.'),
          String(address),
          `0x${address.toString(16)}`,
          `[::ffff:${hex(address >>> 16)}:${hex(address & 0xffff)}]`,
        ]) {
          expect(isNonPublicHost(spelling)).toBe(true);
        }
      }),
    );
  });
});
