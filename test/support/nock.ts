import nock from 'nock';

/**
 * nock for one suite: no real network, every mock consumed by the end of its test, and Node's shared http
 * module handed back afterwards for the suites jest runs next in the same worker.
 */
export function useNock(): void {
  beforeAll(() => {
    // A suite before this one in the same worker may have restored (unpatched) http: patch it again.
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    expect(pending).toEqual([]);
  });
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });
}
