import { dirname, join } from 'node:path';
import { runProcess } from '@screenrec/test-support/run-process';

const PACKAGE_DIR = join(__dirname, '..');

/** The MCPB CLI, run as `node cli.js …` (its bin is not linked for every workspace). */
export const MCPB_CLI = join(dirname(require.resolve('@anthropic-ai/mcpb')), 'cli/cli.js');

export interface BuiltBundle {
  /** `out`/screenrec.mcpb, the file a release attaches. */
  file: string;
  /** The folder build.mjs packed: the manifest is `staging`/manifest.json. */
  staging: string;
  /** The bundle unpacked as a desktop client installs it. */
  installed: string;
  /** What the client runs: `node <entry>`. */
  entry: string;
}

/**
 * Builds the .mcpb into `out` (a folder of the test's own, outside the repository, so that nothing the repository
 * installed can be found from the unpacked server) and unpacks it there with the MCPB CLI.
 */
export async function buildAndUnpackMcpb(out: string): Promise<BuiltBundle> {
  const env = { PATH: process.env.PATH };
  const built = await runProcess(process.execPath, ['build.mjs', '--mcpb', out], { cwd: PACKAGE_DIR, env });
  if (built.exitCode !== 0 || built.stderr !== '') throw new Error(`build.mjs --mcpb failed (${built.exitCode}): ${built.stderr}`);
  const file = join(out, 'screenrec.mcpb');
  const installed = join(out, 'installed');
  const unpacked = await runProcess(process.execPath, [MCPB_CLI, 'unpack', file, installed], { cwd: out, env });
  if (unpacked.exitCode !== 0) throw new Error(`mcpb unpack failed (${unpacked.exitCode}): ${unpacked.stderr}`);
  return { file, staging: join(out, 'mcpb'), installed, entry: join(installed, 'server', 'index.js') };
}
