import fc from 'fast-check';
import {
  FRESH_LINK_PLAIN_HTTP,
  HINT_NARROW_SEARCH,
  LINK_NAMES_NO_RECORDING,
  LINK_NOT_CONFIRMED,
  MAX_VIDEO_ID_CANDIDATES,
  NOT_FOUND_VIDEO,
  PLAIN_HTTP_LINK_REFUSED,
  POSTED_LINK_REPLACED,
  REFUSED_CANNOT_CONFIRM,
  REFUSED_NAMES_NO_RECORDING,
  REFUSED_NOT_CONFIRMED,
  UNAUTHORIZED_MESSAGE,
  deadlineMessage,
  detailsLookupFailedMessage,
  foreignVideoLinkMessage,
  identifyVideo,
  isNonPublicHost,
  plainHttpVideoLinkMessage,
  privateVideoHostMessage,
  privateVideoLinkMessage,
  redirectMessage,
  refusedLookupFailedReason,
  refusedNoFreshLinkReason,
  screenVideoReady,
  serverErrorMessage,
  unconfirmedLinkMessage,
  unresolvedVideoHostMessage,
  videoDownloadUrl,
  videoIdCandidates,
  type ResolveHost,
} from 'screenrec';
import { BASE_URL, RECORDING_ID, WORKSPACE_ID, expectNoSecretsInThrownErrors, failureOf, restClient } from './fixtures';
import { FakeClock, recordingId, scriptedTransport, sentBodies, type ScriptedAnswer } from './scripted';

afterAll(expectNoSecretsInThrownErrors);

const OBJECT_ID = '9d3e1c2b-7a6f-4e5d-8c4b-3a2f1e0d9c8b';
/** A storage link as field conditions give it: bucket/<workspaceId>/<objectId>.webm, re-signed on every delivery. */
const storageLink = (signature = 'abc123') =>
  `https://storage.example.net/bucket/${WORKSPACE_ID}/${OBJECT_ID}.webm?X-Amz-Expires=900&X-Amz-Signature=${signature}`;
const serviceLink = `${BASE_URL}/videos/${RECORDING_ID}?expires=1790000000&signature=abc`;
/** What the service signs afresh for a confirmed recording: its storage host, not the posted link's. */
const freshLink = (id = OBJECT_ID) => `https://storage.example.net/bucket/${WORKSPACE_ID}/${id}.webm?X-Amz-Signature=fresh`;
/** A host a forger controls: it must appear nowhere in what a run carries. */
const FORGED_HOST = 'forger.example.org';

function rest(answers: ScriptedAnswer[]) {
  const transport = scriptedTransport(new FakeClock(), answers);
  return { transport, client: restClient({ transport, maxRetries: 0 }) };
}
const listing = (...recordings: Array<{ id: string; status: string }>) => ({
  body: { content: recordings, totalElements: recordings.length, totalPages: 1 },
});
const presigned = (url: string) => ({ body: { url } });
/** A posted link on another host, passed on unconfirmed with the reason. */
const unconfirmedStorage = (why: string, recording: { id: string; status: string } | null = null) => ({
  videoUrl: storageLink(),
  videoKey: `https://storage.example.net/bucket/${WORKSPACE_ID}/${OBJECT_ID}.webm`,
  recordingId: recording?.id ?? null,
  recording: recording === null ? null : { ...recording, tags: [] },
  detailsError: unconfirmedLinkMessage(why),
  linkConfirmed: false,
  linkSource: 'notification',
  postedLinkNote: null,
});

describe('identifyVideo: a recording the service confirms', () => {
  it('carries the fresh link the service signs, and derives the key from it, from one list call and one presign', async () => {
    const { client, transport } = rest([listing({ id: OBJECT_ID, status: 'COMPLETED' }), presigned(freshLink())]);
    const identified = await identifyVideo(JSON.stringify({ result: storageLink() }), client, BASE_URL);
    expect(identified).toEqual({
      videoUrl: freshLink(),
      videoKey: `https://storage.example.net/bucket/${WORKSPACE_ID}/${OBJECT_ID}.webm`,
      recordingId: OBJECT_ID,
      recording: { id: OBJECT_ID, status: 'COMPLETED', tags: [] },
      detailsError: null,
      linkConfirmed: true,
      linkSource: 'presign',
      postedLinkNote: null,
    });
    expect(transport.requests.map((request) => request.url)).toEqual([
      `${BASE_URL}/public/integration/${WORKSPACE_ID}/recordings/list`,
      `${BASE_URL}/public/integration/${WORKSPACE_ID}/recordings/${OBJECT_ID}/presign`,
    ]);
  });

  it('a forged post of a foreign link naming a real recording: the run carries only the fresh service link, and says so', async () => {
    const forged = `https://${FORGED_HOST}/${RECORDING_ID}.webm?steal=1`;
    const { client } = rest([listing({ id: RECORDING_ID, status: 'COMPLETED' }), presigned(freshLink(RECORDING_ID))]);
    const identified = await identifyVideo({ result: forged }, client, BASE_URL);
    expect(identified).toMatchObject({
      videoUrl: freshLink(RECORDING_ID),
      videoKey: freshLink(RECORDING_ID).split('?')[0],
      recordingId: RECORDING_ID,
      linkConfirmed: true,
      linkSource: 'presign',
      postedLinkNote: POSTED_LINK_REPLACED,
    });
    expect(JSON.stringify(identified)).not.toContain(FORGED_HOST);
  });

  it('finds UUIDs in the query too, upper case included', async () => {
    const link = `https://cdn.example/v?recording=${RECORDING_ID.toUpperCase()}&sig=1`;
    const { client, transport } = rest([listing({ id: RECORDING_ID, status: 'COMPLETED' }), presigned(freshLink(RECORDING_ID))]);
    expect(await identifyVideo({ result: link }, client, BASE_URL)).toMatchObject({ recordingId: RECORDING_ID });
    expect(sentBodies(transport)[0]).toEqual({ ids: [RECORDING_ID], pageSize: 1 });
  });

  it('prefers a completed recording when the service returns several', async () => {
    const link = `https://cdn.example/${recordingId(1)}/${recordingId(2)}.webm`;
    const { client } = rest([
      listing({ id: recordingId(2), status: 'PROCESSING' }, { id: recordingId(1), status: 'COMPLETED' }),
      presigned(freshLink(recordingId(1))),
    ]);
    expect(await identifyVideo({ result: link }, client, BASE_URL)).toMatchObject({ recordingId: recordingId(1) });
  });

  it('keeps the same key when the service signs the link again', async () => {
    const twice = rest([
      listing({ id: OBJECT_ID, status: 'COMPLETED' }),
      presigned(freshLink().replace('fresh', 'one')),
      listing({ id: OBJECT_ID, status: 'COMPLETED' }),
      presigned(freshLink().replace('fresh', 'two')),
    ]).client;
    const first = await identifyVideo({ result: storageLink('one') }, twice, BASE_URL);
    const second = await identifyVideo({ result: storageLink('two') }, twice, BASE_URL);
    expect([first, second].map((video) => !('refused' in video) && video.videoKey)).toEqual([
      `https://storage.example.net/bucket/${WORKSPACE_ID}/${OBJECT_ID}.webm`,
      `https://storage.example.net/bucket/${WORKSPACE_ID}/${OBJECT_ID}.webm`,
    ]);
  });

  it('without a fresh link: a foreign posted link is passed on flagged with the confirmed recording, a service one is kept', async () => {
    const failing = () => rest([listing({ id: OBJECT_ID, status: 'COMPLETED' }), { status: 404, body: { message: 'Not found' } }]).client;
    const foreign = await identifyVideo({ result: storageLink() }, failing(), BASE_URL);
    expect(foreign).toEqual(unconfirmedStorage(refusedNoFreshLinkReason(NOT_FOUND_VIDEO), { id: OBJECT_ID, status: 'COMPLETED' }));
    expect(await identifyVideo({ result: `${BASE_URL}/videos/${OBJECT_ID}?sig=1` }, failing(), BASE_URL)).toMatchObject({
      videoUrl: `${BASE_URL}/videos/${OBJECT_ID}?sig=1`,
      recordingId: OBJECT_ID,
      detailsError: null,
      linkConfirmed: true,
      linkSource: 'notification',
    });
  });

  it('a fresh link in plain http to another origin is not carried: the posted https link goes on flagged', async () => {
    const { client } = rest([listing({ id: OBJECT_ID, status: 'COMPLETED' }), presigned(`http://cdn.example/${OBJECT_ID}.webm`)]);
    expect(await identifyVideo({ result: storageLink() }, client, BASE_URL)).toEqual(
      unconfirmedStorage(refusedNoFreshLinkReason(FRESH_LINK_PLAIN_HTTP), { id: OBJECT_ID, status: 'COMPLETED' }),
    );
  });
});

describe('identifyVideo: a link the service does not confirm', () => {
  it('a storage link naming no recording (its workspace id is not one) is passed on unconfirmed, with the reason', async () => {
    const { client, transport } = rest([listing()]);
    expect(await identifyVideo({ result: storageLink() }, client, BASE_URL)).toEqual(unconfirmedStorage(REFUSED_NOT_CONFIRMED));
    expect(sentBodies(transport)).toEqual([{ ids: [WORKSPACE_ID, OBJECT_ID], pageSize: 2 }]);
  });

  it("on the service's own origin, the posted link is carried with the reason", async () => {
    const { client } = rest([listing({ id: recordingId(7), status: 'COMPLETED' })]);
    expect(await identifyVideo({ result: serviceLink }, client, `${BASE_URL}/`)).toEqual({
      videoUrl: serviceLink,
      videoKey: `${BASE_URL}/videos/${RECORDING_ID}`,
      recordingId: null,
      recording: null,
      detailsError: LINK_NOT_CONFIRMED,
      linkConfirmed: true,
      linkSource: 'notification',
      postedLinkNote: null,
    });
  });

  it('without a REST client: a link on the service origin, nothing to explain; another host goes on flagged, unasked', async () => {
    expect(await identifyVideo({ result: serviceLink }, undefined, BASE_URL)).toEqual({
      videoUrl: serviceLink,
      videoKey: `${BASE_URL}/videos/${RECORDING_ID}`,
      recordingId: null,
      recording: null,
      detailsError: null,
      linkConfirmed: true,
      linkSource: 'notification',
      postedLinkNote: null,
    });
    expect(await identifyVideo({ result: storageLink() }, undefined, BASE_URL)).toEqual(unconfirmedStorage(REFUSED_CANNOT_CONFIRM));
  });

  it('a link with no UUID is not looked up: carried with the reason, flagged on another host', async () => {
    const { client, transport } = rest([]);
    expect(await identifyVideo({ result: 'https://cdn.example/files/video.webm' }, client, BASE_URL)).toMatchObject({
      videoUrl: 'https://cdn.example/files/video.webm',
      recordingId: null,
      recording: null,
      detailsError: unconfirmedLinkMessage(REFUSED_NAMES_NO_RECORDING),
      linkConfirmed: false,
    });
    expect(await identifyVideo({ result: `${BASE_URL}/files/video.webm` }, client, BASE_URL)).toMatchObject({
      recordingId: null,
      detailsError: LINK_NAMES_NO_RECORDING,
    });
    expect(transport.requests).toEqual([]);
  });

  it("a plain http link off the service's origin is refused unasked; on the service's own http origin (a lab) it is taken", async () => {
    const { client, transport } = rest([listing()]);
    expect(await identifyVideo({ result: `http://cdn.example/${RECORDING_ID}.webm` }, client, BASE_URL)).toEqual({
      refused: PLAIN_HTTP_LINK_REFUSED,
    });
    expect(transport.requests).toEqual([]);
    const lab = 'http://127.0.0.1:4010';
    expect(await identifyVideo({ result: `${lab}/videos/x` }, undefined, lab)).toMatchObject({ videoUrl: `${lab}/videos/x` });
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
  ])(
    'a lookup failure (%s) never throws: the link is delivered with the reason, flagged on another host',
    async (_name, answer, reason) => {
      expect(await identifyVideo({ result: serviceLink }, rest([answer]).client, BASE_URL)).toMatchObject({
        videoUrl: serviceLink,
        recordingId: null,
        recording: null,
        detailsError: detailsLookupFailedMessage(reason),
      });
      expect(await identifyVideo({ result: storageLink() }, rest([answer]).client, BASE_URL)).toEqual(
        unconfirmedStorage(refusedLookupFailedReason(reason)),
      );
    },
  );

  it('a lookup past its deadline is a reason too, not a failure', async () => {
    const { client } = rest([listing()]);
    const identified = await identifyVideo({ result: serviceLink }, client, BASE_URL, { deadline: 0 });
    expect(identified).toMatchObject({
      detailsError: detailsLookupFailedMessage(deadlineMessage('listing recordings', 0, HINT_NARROW_SEARCH)),
    });
  });

  it('only an unreadable body throws', async () => {
    expect((await failureOf(identifyVideo({ video: 'x' }, undefined, BASE_URL))).code).toBe('INVALID_INPUT');
    expect((await failureOf(identifyVideo('not json', rest([]).client, BASE_URL))).code).toBe('INVALID_INPUT');
  });
});

describe('screenVideoReady: what a receiver can tell before it answers', () => {
  it('takes a link on the service origin or any https host; refuses plain http off the service origin', () => {
    expect(screenVideoReady({ result: serviceLink }, BASE_URL)).toEqual({
      videoUrl: serviceLink,
      videoKey: `${BASE_URL}/videos/${RECORDING_ID}`,
    });
    expect(screenVideoReady({ result: storageLink() }, BASE_URL)).toMatchObject({ videoUrl: storageLink() });
    expect(screenVideoReady({ result: `http://cdn.example/${RECORDING_ID}` }, BASE_URL)).toEqual({
      refused: PLAIN_HTTP_LINK_REFUSED,
    });
  });
});

describe('videoDownloadUrl', () => {
  const FRESH = 'https://storage.example.net/bucket/fresh.webm?X-Amz-Signature=new';
  /** A stand-in DNS: the names it knows, and nothing else. */
  const resolver =
    (names: Record<string, string[]>): ResolveHost =>
    async (hostname) => {
      const addresses = names[hostname];
      if (addresses === undefined) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      return addresses;
    };

  it('asks for a fresh link when the recording is confirmed', async () => {
    const { client, transport } = rest([{ body: { url: FRESH } }]);
    await expect(
      videoDownloadUrl({ videoUrl: storageLink(), recordingId: RECORDING_ID }, client, BASE_URL, {
        resolveHost: resolver({ 'storage.example.net': ['93.184.216.34'] }),
      }),
    ).resolves.toBe(FRESH);
    expect(transport.requests[0]?.url).toBe(`${BASE_URL}/public/integration/${WORKSPACE_ID}/recordings/${RECORDING_ID}/presign`);
  });

  it('uses a link the service has just signed as it is, asking nothing', async () => {
    const { client, transport } = rest([]);
    await expect(videoDownloadUrl({ videoUrl: FRESH, recordingId: RECORDING_ID, linkSource: 'presign' }, client, BASE_URL)).resolves.toBe(
      FRESH,
    );
    expect(transport.requests).toEqual([]);
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

  it("refuses a plain http link to another origin than the service's", async () => {
    const { client } = rest([{ body: { url: 'http://storage.example.net/v.webm' } }]);
    const error = await failureOf(videoDownloadUrl({ videoUrl: storageLink(), recordingId: RECORDING_ID }, client, BASE_URL));
    expect(error).toMatchObject({ code: 'INVALID_INPUT', message: plainHttpVideoLinkMessage('storage.example.net') });
  });

  it.each([
    ['a private address', ['10.0.0.7']],
    ['loopback among public ones', ['93.184.216.34', '127.0.0.1']],
    ['link-local IPv6', ['fe80::1']],
    ['an IPv4-mapped metadata address', ['::ffff:169.254.169.254']],
  ])('refuses a host whose resolved address is %s, not only a literal one', async (_name, addresses) => {
    const { client } = rest([{ body: { url: FRESH } }]);
    const resolveHost = resolver({ 'storage.example.net': addresses });
    const error = await failureOf(
      videoDownloadUrl({ videoUrl: storageLink(), recordingId: RECORDING_ID }, client, BASE_URL, { resolveHost }),
    );
    expect(error).toMatchObject({ code: 'INVALID_INPUT', message: privateVideoHostMessage('storage.example.net') });
  });

  it('a host that does not resolve is not downloaded (NETWORK); the service host itself is never looked up', async () => {
    const lookups: string[] = [];
    const resolveHost: ResolveHost = async (hostname) => (lookups.push(hostname), resolver({})(hostname));
    const { client } = rest([{ body: { url: FRESH } }]);
    const error = await failureOf(
      videoDownloadUrl({ videoUrl: storageLink(), recordingId: RECORDING_ID }, client, BASE_URL, { resolveHost }),
    );
    expect(error).toMatchObject({ code: 'NETWORK', message: unresolvedVideoHostMessage('storage.example.net') });
    await expect(videoDownloadUrl({ videoUrl: serviceLink, recordingId: null }, undefined, BASE_URL, { resolveHost })).resolves.toBe(
      serviceLink,
    );
    expect(lookups).toEqual(['storage.example.net']);
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
