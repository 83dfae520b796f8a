/**
 * `npm run engines:install`: installs every real engine the long suites run, once: Debian's Chromium, ffmpeg, Redis
 * and PostgreSQL with apt-get where missing, each n8n of test/real-n8n/versions.ts, each Node-RED of
 * test/real-node-red/versions.ts and the Deno, Bun and workerd of test/runtimes/versions.ts into the git-ignored
 * .cache/. Every suite still installs what it finds missing; CI starts this in the background while the jest stages
 * run, so that downloads and long installs overlap their CPU work, and waits for it before the first suite that needs
 * an engine. A line per engine, then
 * "engines: N passed, M failed (T s)"; exits non-zero when one could not be installed.
 */
import { CHROMIUM, FFPROBE, ensureDebianPackages } from '../browser/machine';
import { ensureServicePackages } from '../queue/services';
import { installTargets } from '../real-n8n/suite';
import { N8N_TARGETS } from '../real-n8n/versions';
import { ensureNodeRed } from '../real-node-red/install';
import { NODE_RED_TARGETS } from '../real-node-red/versions';
import { ensureNpmRuntime } from '../runtimes/install';
import { NPM_RUNTIMES, type NpmRuntime } from '../runtimes/versions';
import { Checks } from '../support/checks';

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  // apt-get holds dpkg's lock: Debian's packages first, one install at a time.
  await checks.check("Debian's chromium, ffmpeg, redis-server and postgresql", () => {
    ensureDebianPackages(
      (line) => console.error(line),
      [
        { binary: CHROMIUM, debianPackage: 'chromium' },
        { binary: FFPROBE, debianPackage: 'ffmpeg' },
      ],
    );
    ensureServicePackages();
  });
  await Promise.all([
    installTargets([...N8N_TARGETS], checks),
    ...NODE_RED_TARGETS.map((target) => checks.check(`Node-RED ${target.nodeRed}`, async () => void (await ensureNodeRed(target)))),
    ...(Object.keys(NPM_RUNTIMES) as NpmRuntime[]).map((name) =>
      checks.check(`${name} ${NPM_RUNTIMES[name].version}`, async () => void (await ensureNpmRuntime(name))),
    ),
  ]);
  console.log(checks.summary('engines', started));
  process.exit(checks.exitCode());
}

void main();
