// The recording card as one self-contained HTML file (build.mjs puts it into the server bundle; the bench builds a
// bare MCP App the same way to compare sizes).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const CARD_SCRIPT = '/* CARD_SCRIPT */';

/**
 * The card's HTML: `entry` (the card's script, or another app's for comparison; relative to `root`, this package's
 * folder) bundled and inlined into src/card/card.html. Two rewrites keep it small: zod's error messages in other languages go (the card shows none
 * of zod's messages), and the MCP SDK's modules are read as free of side effects, so that only what the card
 * uses of them stays (the SDK does not say so itself, and most of it is a client for other transports).
 */
export async function buildCardHtml(root, entry = 'src/card/view/main.ts') {
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
    entryPoints: [entry],
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
