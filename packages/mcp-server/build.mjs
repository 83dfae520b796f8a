// Builds dist/main.js, the `screenrec-mcp` bin: one CommonJS bundle with @screenrec/core inlined (core is not
// published on its own). The MCP SDK and zod stay real dependencies: the SDK expects to share zod with its caller.
//
// The recording card (src/card/) is bundled first into one HTML file, its script inline, and the server bundles carry
// it as a string (SCREENREC_CARD_HTML): a host loads it with no network access but to the video's host.
//
// `--mcpb DIR` builds DIR/screenrec.mcpb instead, the one-click bundle for desktop clients: there nothing is
// installed beside it, so its server/index.js inlines everything, and its manifest is mcpb/manifest.json.
import { argv } from 'node:process';
import { build } from 'esbuild';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const CARD_SCRIPT = '/* CARD_SCRIPT */';

/**
 * The card's HTML. Two rewrites keep it small: zod's error messages in other languages go (the card shows none
 * of zod's messages), and the MCP SDK's modules are read as free of side effects, so that only what the card
 * uses of them stays (the SDK does not say so itself, and most of it is a client for other transports).
 */
async function buildCard() {
  const slim = {
    name: 'slim-card',
    setup(card) {
      card.onResolve({ filter: /\/locales\/index\.js$/ }, ({ importer }) =>
        importer.includes('/node_modules/zod/') ? { path: 'zod-locales', namespace: 'slim-card' } : undefined,
      );
      card.onLoad({ filter: /.*/, namespace: 'slim-card' }, () => ({ contents: 'export {};' }));
      card.onResolve({ filter: /.*/ }, async ({ path, kind, resolveDir, importer, pluginData }) => {
        if (pluginData === 'slim-card') return undefined;
        const resolved = await card.resolve(path, { kind, resolveDir, importer, pluginData: 'slim-card' });
        const sdk = /\/node_modules\/@modelcontextprotocol\/(client|core)\//.test(resolved.path);
        return sdk ? { ...resolved, sideEffects: false } : resolved;
      });
    },
  };
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: ['src/card/view/main.ts'],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    tsconfig: 'src/card/view/tsconfig.json',
    plugins: [slim],
    logLevel: 'warning',
  });
  const script = outputFiles[0].text;
  // esbuild escapes "</script" in strings; this is the check that nothing could end the inline script early.
  if (/<\/script/i.test(script)) throw new Error('the card script contains "</script": it cannot be inlined');
  const [before, after] = readFileSync(join(root, 'src/card/card.html'), 'utf8').split(CARD_SCRIPT);
  if (after === undefined) throw new Error(`src/card/card.html has no ${CARD_SCRIPT}`);
  return `${before}${script}${after}`;
}

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
  define: { SCREENREC_CARD_HTML: JSON.stringify(await buildCard()) },
};

const mcpb = argv.indexOf('--mcpb');
if (mcpb === -1) {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  await build({ ...common, outfile: 'dist/main.js', external: ['@modelcontextprotocol/server', 'zod'], legalComments: 'none' });
  chmodSync(join(root, 'dist', 'main.js'), 0o755);
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
  const { packExtension } = await import('@anthropic-ai/mcpb');
  if (!(await packExtension({ extensionPath: staging, outputPath: join(out, 'screenrec.mcpb'), silent: true }))) {
    throw new Error('mcpb pack failed: run `npx mcpb validate packages/mcp-server/mcpb/manifest.json` to see why.');
  }
}
