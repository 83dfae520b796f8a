import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's helper is CommonJS, run by node
const { lazyDefinitionModule } = require(join(__dirname, '../scripts/lazy-definition.js')) as {
  lazyDefinitionModule: (app: unknown, appModule: string) => string;
};

type Perform = (...args: unknown[]) => unknown;

/** The generated module run as Node would run it, with `./app.js` the given full app; what it loaded, and when. */
function runGenerated(full: Record<string, unknown>) {
  const loads: string[] = [];
  const standIns: unknown[] = [];
  const module = { exports: {} as { default?: Record<string, unknown> } };
  const code = lazyDefinitionModule(full, './app.js');
  const require = (path: string) => {
    loads.push(path);
    return { default: full, useStandIns: (definition: unknown) => standIns.push(definition) };
  };
  runInNewContext(code, { module, exports: module.exports, require });
  return { definition: module.exports.default!, loads, standIns };
}

describe("the build's app definition: the data as derived, each function a stand-in that loads the app", () => {
  const calls: unknown[][] = [];
  const full = {
    version: '1.0.0',
    hydrators: { videoFile: (...args: unknown[]) => calls.push(['hydrate', ...args]) },
    creates: {
      make: {
        key: 'make',
        display: { label: 'Make', hidden: undefined },
        operation: {
          inputFields: [{ key: 'tags', list: true }],
          sample: { id: null, tags: ['a'] },
          perform: async (z: unknown) => ['made', z],
        },
      },
    },
    beforeRequest: [(request: unknown) => ({ request })],
  };

  it('keeps every value but functions as it is (leaving out undefined ones), and loads nothing to give it', () => {
    const { definition, loads } = runGenerated(full);

    expect(JSON.parse(JSON.stringify(definition))).toEqual(JSON.parse(JSON.stringify(full)));
    expect(Object.keys((definition.creates as typeof full.creates).make.display)).toEqual(['label']);
    expect(loads).toEqual([]);
  });

  it('runs the function at the same place in the app on first call, loading the app once and naming the stand-ins to it', async () => {
    const { definition, loads, standIns } = runGenerated(full);
    const creates = definition.creates as typeof full.creates;
    const [guard] = definition.beforeRequest as Perform[];

    await expect(creates.make.operation.perform('z')).resolves.toEqual(['made', 'z']);
    expect(guard!({ url: 'x' })).toEqual({ request: { url: 'x' } });
    (definition.hydrators as Record<string, Perform>).videoFile!('z', { inputData: {} });

    expect(creates.make.operation.perform).not.toBe(full.creates.make.operation.perform);
    expect(calls).toEqual([['hydrate', 'z', { inputData: {} }]]);
    expect(loads).toEqual(['./app.js']);
    expect(standIns).toEqual([definition]);
  });
});
