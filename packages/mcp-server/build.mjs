// Builds dist/main.js, the `screenrec-mcp` bin: one CommonJS bundle with screenrec inlined (core is not
// published on its own). The MCP SDK and zod stay real dependencies: the SDK expects to share zod with its caller.
//
// The recording card (src/card/, built by card-build.mjs) is one HTML file, its script inline; the server bundles
// carry it as a string (SCREENREC_CARD_HTML): a host loads it with no network access but to the video's host.
//
// It also builds dist/worker.js, the hosted endpoint as a Cloudflare Worker (src/hosted/worker.ts, deployed with
// wrangler.jsonc): one ES module with everything inlined, built with workerd's export conditions, as wrangler would.
//
// `--mcpb DIR` builds DIR/screenrec.mcpb instead, the one-click bundle for desktop clients: there nothing is
// installed beside it, so its server/index.js inlines everything but undici, and its manifest is mcpb/manifest.json.
// Core loads undici by name, only behind a proxy (HTTPS_PROXY, HTTP_PROXY), so no bundler inlines it: the bundle
// carries it as MCPB bundles carry a dependency, in server/node_modules, where Node finds it from server/index.js.
import { argv } from 'node:process';
import { build } from 'esbuild';
import { chmodSync, copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCardHtml } from './card-build.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const common = {
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  tsconfig: 'tsconfig.json',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
  define: { SCREENREC_CARD_HTML: JSON.stringify(await buildCardHtml(root)) },
};

const mcpb = argv.indexOf('--mcpb');
if (mcpb === -1) {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  await build({ ...common, outfile: 'dist/main.js', external: ['@modelcontextprotocol/server', 'zod'], legalComments: 'none' });
  chmodSync(join(root, 'dist', 'main.js'), 0o755);
  await build({
    ...common,
    entryPoints: ['src/hosted/worker.ts'],
    outfile: 'dist/worker.js',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    format: 'esm',
    target: 'es2022',
    banner: {},
    legalComments: 'eof',
  });
} else {
  const out = resolve(argv[mcpb + 1] ?? 'dist');
  const staging = join(out, 'mcpb');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // The SDK's and zod's licences travel with their code.
  await build({ ...common, outfile: join(staging, 'server', 'index.js'), legalComments: 'eof' });
  copyFileSync(join(root, 'mcpb', 'manifest.json'), join(staging, 'manifest.json'));
  copyFileSync(join(root, 'assets', 'icon.png'), join(staging, 'icon.png'));
  copyFileSync(join(root, 'LICENSE'), join(staging, 'LICENSE'));
  carryUndici(join(staging, 'server', 'node_modules', 'undici'));
  const { packExtension } = await import('@anthropic-ai/mcpb');
  if (!(await packExtension({ extensionPath: staging, outputPath: join(out, 'screenrec.mcpb'), silent: true }))) {
    throw new Error('mcpb pack failed: run `npx mcpb validate packages/mcp-server/mcpb/manifest.json` to see why.');
  }
}

/**
 * Copies the undici this package depends on into `target`: what Node runs (package.json, index.js, lib's
 * JavaScript) and its licences, not its docs, types or README. It has no dependencies of its own to carry; a
 * version that gains one stops the build rather than ship a bundle that cannot load it.
 */
function carryUndici(target) {
  const source = dirname(createRequire(join(root, 'package.json')).resolve('undici/package.json'));
  const { dependencies = {} } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  if (Object.keys(dependencies).length > 0) {
    throw new Error(`undici now depends on ${Object.keys(dependencies).join(', ')}: carry those into the bundle too.`);
  }
  mkdirSync(target, { recursive: true });
  for (const file of ['package.json', 'index.js', 'LICENSE']) copyFileSync(join(source, file), join(target, file));
  cpSync(join(source, 'lib'), join(target, 'lib'), {
    recursive: true,
    filter: (path) => statSync(path).isDirectory() || path.endsWith('.js') || basename(path) === 'LICENSE',
  });
}
