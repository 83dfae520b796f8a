import { contextIsPersistent, storableMessage } from '../src/context-store';

describe('contextIsPersistent: whether settings.js gives Node-RED a default context store that outlives a restart', () => {
  it.each([
    ['no contextStorage (Node-RED keeps context in memory)', undefined, false],
    ['localfilesystem as the default', { default: { module: 'localfilesystem' } }, true],
    ['memory as the default', { default: { module: 'memory' } }, false],
    ['a default naming another store', { default: 'disk', disk: { module: 'localfilesystem' }, ram: { module: 'memory' } }, true],
    ['a default naming a memory store', { default: 'ram', disk: { module: 'localfilesystem' }, ram: { module: 'memory' } }, false],
    ['no default: the first store listed', { disk: { module: 'localfilesystem' } }, true],
    ['a store module given as an object (a plugin of its own)', { default: { module: { open: 'fn' } } }, true],
    ['a malformed setting', 'localfilesystem', false],
  ])('%s', (_what, contextStorage, persistent) => {
    expect(contextIsPersistent({ contextStorage })).toBe(persistent);
  });
});

describe('storableMessage: a held message as a context store can keep it', () => {
  it('keeps what JSON can write, a Buffer as {type, data}, and names what it leaves out', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const { msg, dropped } = storableMessage({
      _msgid: 'm1',
      payload: { recordingId: 'r1', when: new Date(0) },
      topic: 'kept',
      data: Buffer.from('hi'),
      res: circular,
      callback: () => undefined,
    });
    expect(msg).toEqual({
      _msgid: 'm1',
      payload: { recordingId: 'r1', when: '1970-01-01T00:00:00.000Z' },
      topic: 'kept',
      data: { type: 'Buffer', data: [104, 105] },
    });
    expect(dropped).toEqual(['res', 'callback']);
  });
});
