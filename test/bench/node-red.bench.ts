import { RestClient } from 'screenrec';
import { build } from 'esbuild';
import helper from 'node-red-node-test-helper';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startReference, withChildren } from './children';
import { runCommand } from './commands';
import { atMost, figure, oursAtMost, paired, reported, single, type Figure } from './figure';
import { callRate, evenRounds, interleavedSamples } from './measure';

const KB = 1000;
const TARBALL_LIMIT_KB = 150;
const ACTION = 'action';
const OUT = 'out';
const BARE = 'bare';
const BARE_OUT = 'bare-out';
const BARE_TYPE = 'bare-get-recording';

type Rate = Awaited<ReturnType<typeof callRate>>;

/** The least a Node-RED node can do for the same call: take the ID, make the core call, send the recording on. */
function bareNode(rest: RestClient) {
  return (RED: { nodes: { registerType(type: string, constructor: (this: BareNode, config: object) => void): void; createNode(node: BareNode, config: object): void } }) =>
    RED.nodes.registerType(BARE_TYPE, function (this: BareNode, config: object) {
      RED.nodes.createNode(this, config);
      this.on('input', (msg, send, done) => {
        rest.getRecording(msg.payload.recordingId, { signal: new AbortController().signal, deadline: Date.now() + 60_000 }).then(
          (recording) => {
            send({ ...msg, payload: recording });
            done();
          },
          (error: Error) => done(error),
        );
      });
    });
}

interface BareNode {
  on(event: 'input', listener: (msg: { payload: { recordingId: string } }, send: (msg: object) => void, done: (error?: Error) => void) => void): void;
}

/**
 * #10: what the Node-RED action node adds to a call. A message goes through the built `screenrec` node (Get) in a
 * real Node-RED runtime in this process (node-red-node-test-helper, its spies removed), from `receive()` to the next
 * node's input, against the least a Node-RED node can do for the same call (a node that makes the same core call with
 * a signal and a deadline and sends the recording on), in the same runtime. Shown: the same core call made directly
 * (the difference from the bare node is Node-RED's own message path). All against the reference server in its own
 * process. And the package as npm packs it, beside core and zod bundled and compressed the same way (what every user
 * downloads whatever the nodes add).
 */
export async function benchNodeRed(root: string, durationMs: number, rounds: number): Promise<Figure[]> {
  const folder = join(root, 'packages/node-red-screenrec');
  // Set-up side by side: the package's build and pack, core's bundle, and the service and runtime starting below.
  const builtAndPacked = runCommand('npm', ['run', 'build', '-w', '@screenrec/node-red-screenrec'], { cwd: root }).then(
    async () => JSON.parse(await runCommand('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: folder })) as Array<{ size: number }>,
  );
  builtAndPacked.catch(() => undefined); // reported where it is awaited, not as an unhandled rejection meanwhile
  const coreAlone = build({
    entryPoints: [join(root, 'packages/core/src/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    minify: true,
    keepNames: true,
    write: false,
    logLevel: 'warning',
  });
  coreAlone.catch(() => undefined);
  return withChildren(async (spawn) => {
    const service = await startReference(spawn('reference server'));
    const { workspaceId, apiKey } = service.demo;
    const rest = new RestClient({ baseUrl: service.baseUrl, workspaceId, apiKey });
    const { id } = await rest.requestRecording({ direction: 'REQUEST', tags: ['bench'], comment: 'Node-RED overhead' });
    const packed = await builtAndPacked;
    const coreKb = gzipSync((await coreAlone).outputFiles[0]!.contents).length / KB;
    helper.init(require.resolve('node-red'));
    await helper.startServer();
    try {
      const loadBuilt = createRequire(join(folder, 'package.json'));
      const nodes = [...['screenrec-connection', 'screenrec'].map((name) => loadBuilt(`./dist/nodes/${name}.js`) as unknown), bareNode(rest)];
      await helper.load(
        nodes,
        [
          { id: 'tab', type: 'tab' },
          { id: 'connection', type: 'screenrec-connection', serviceUrl: service.baseUrl, workspaceId, integration: 'auto', publicUrl: '' },
          { id: ACTION, z: 'tab', type: 'screenrec', connection: 'connection', operation: 'get', timeout: 60, wires: [[OUT]] },
          { id: OUT, z: 'tab', type: 'helper' },
          { id: BARE, z: 'tab', type: BARE_TYPE, wires: [[BARE_OUT]] },
          { id: BARE_OUT, z: 'tab', type: 'helper' },
        ],
        { connection: { apiKey, backendToken: '' } },
      );
      // The helper spies on every node's send, status and log for a test's assertions; a user's runtime does not.
      helper._sandbox.restore();
      const through = (node: string, next: string) => () =>
        new Promise<void>((resolve, reject) => {
          helper.getNode(next)!.once('input', (msg: { payload?: { id?: string } }) =>
            msg.payload?.id === id ? resolve() : reject(new Error(`unexpected output ${JSON.stringify(msg.payload)}`)),
          );
          helper.getNode(node)!.receive({ payload: { recordingId: id } });
        });
      const [throughOurs, throughBare] = [through(ACTION, OUT), through(BARE, BARE_OUT)];
      await throughOurs();
      await throughBare();
      const coreCall = () => rest.getRecording(id, { signal: new AbortController().signal, deadline: Date.now() + 60_000 });
      const rate = (call: () => Promise<unknown>) => () => callRate(call, 1, durationMs);
      const [ours, bare] = await interleavedSamples(rounds, [rate(throughOurs), rate(throughBare)]);
      const [oursShown, core] = await interleavedSamples(evenRounds(rounds / 2), [rate(throughOurs), rate(coreCall)]);
      const micros = (samples: Rate[]) => samples.map((sample) => 1e6 / sample.perSecond);
      const cpu = (samples: Rate[]) => samples.map((sample) => sample.cpuMicrosPerCall);
      return [
        figure('Node-RED: a message through the action node (Get) vs a bare node making the same core call: time per message', paired(micros(ours!), micros(bare!)), 'µs', atMost(1.1)),
        figure('same: CPU time per message in the Node-RED process', paired(cpu(ours!), cpu(bare!)), 'µs', reported),
        figure('Node-RED: the action node vs the core call alone (the rest is the runtime): time per message', paired(micros(oursShown!), micros(core!)), 'µs', reported),
        figure('Node-RED package tarball (npm pack) vs core and zod alone, gzipped', single(packed[0]!.size / KB, coreKb), 'kB', oursAtMost(TARBALL_LIMIT_KB)),
      ];
    } finally {
      await helper.unload();
      await helper.stopServer();
    }
  });
}
