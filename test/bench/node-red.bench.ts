import { RestClient } from '@screenrec/core';
import { build } from 'esbuild';
import helper from 'node-red-node-test-helper';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startReference, withChildren } from './children';
import { runCommand } from './commands';
import { atMost, figure, oursAtMost, paired, reported, single, type Figure } from './figure';
import { callRate, interleavedSamples } from './measure';

const KB = 1000;
const TARBALL_LIMIT_KB = 150;
const ACTION = 'action';
const OUT = 'out';

type Rate = Awaited<ReturnType<typeof callRate>>;

/**
 * #10: what the Node-RED action node adds to a call. A message goes through the built `screenrec` node (Get) in a
 * real Node-RED runtime in this process (node-red-node-test-helper), from `receive()` to the next node's input,
 * against the same core call made directly with a signal and a deadline, as the node makes it. Both against the
 * reference server in its own process. And the package as npm packs it, beside core and zod bundled and compressed
 * the same way (what every user downloads whatever the nodes add).
 */
export async function benchNodeRed(root: string, durationMs: number, rounds: number): Promise<Figure[]> {
  const folder = join(root, 'packages/node-red-screenrec');
  await runCommand('npm', ['run', 'build', '-w', '@screenrec/node-red-screenrec'], { cwd: root });
  const packed = JSON.parse(await runCommand('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: folder })) as Array<{
    size: number;
  }>;
  const coreAlone = await build({
    entryPoints: [join(root, 'packages/core/src/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    minify: true,
    keepNames: true,
    write: false,
    logLevel: 'warning',
  });
  const coreKb = gzipSync(coreAlone.outputFiles[0]!.contents).length / KB;
  return withChildren(async (spawn) => {
    const service = await startReference(spawn('reference server'));
    const { workspaceId, apiKey } = service.demo;
    const rest = new RestClient({ baseUrl: service.baseUrl, workspaceId, apiKey });
    const { id } = await rest.requestRecording({ direction: 'REQUEST', tags: ['bench'], comment: 'Node-RED overhead' });
    helper.init(require.resolve('node-red'));
    await helper.startServer();
    try {
      const loadBuilt = createRequire(join(folder, 'package.json'));
      const nodes = ['screenrec-connection', 'screenrec'].map((name) => loadBuilt(`./dist/nodes/${name}.js`) as unknown);
      await helper.load(
        nodes,
        [
          { id: 'tab', type: 'tab' },
          { id: 'connection', type: 'screenrec-connection', serviceUrl: service.baseUrl, workspaceId, integration: 'auto', publicUrl: '' },
          { id: ACTION, z: 'tab', type: 'screenrec', connection: 'connection', operation: 'get', timeout: 60, wires: [[OUT]] },
          { id: OUT, z: 'tab', type: 'helper' },
        ],
        { connection: { apiKey, backendToken: '' } },
      );
      const action = helper.getNode(ACTION)!;
      const out = helper.getNode(OUT)!;
      const throughNode = () =>
        new Promise<void>((resolve, reject) => {
          out.once('input', (msg: { payload?: { id?: string } }) =>
            msg.payload?.id === id ? resolve() : reject(new Error(`unexpected output ${JSON.stringify(msg.payload)}`)),
          );
          action.receive({ payload: { recordingId: id } });
        });
      await throughNode();
      const coreCall = () => rest.getRecording(id, { signal: new AbortController().signal, deadline: Date.now() + 60_000 });
      const rate = (call: () => Promise<unknown>) => () => callRate(call, 1, durationMs);
      const [ours, core] = await interleavedSamples(rounds, [rate(throughNode), rate(coreCall)]);
      const micros = (samples: Rate[]) => samples.map((sample) => 1e6 / sample.perSecond);
      const cpu = (samples: Rate[]) => samples.map((sample) => sample.cpuMicrosPerCall);
      return [
        figure('Node-RED: a message through the action node (Get) vs the core call alone: time per message', paired(micros(ours!), micros(core!)), 'µs', atMost(1.1)),
        figure('same: CPU time per message in the Node-RED process', paired(cpu(ours!), cpu(core!)), 'µs', reported),
        figure('Node-RED package tarball (npm pack) vs core and zod alone, gzipped', single(packed[0]!.size / KB, coreKb), 'kB', oursAtMost(TARBALL_LIMIT_KB)),
      ];
    } finally {
      await helper.unload();
      await helper.stopServer();
    }
  });
}
