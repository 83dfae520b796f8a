// Builds dist/ as n8n loads it, the way the Node-RED package builds: one esbuild call bundles the nodes and the
// credential, with what they use of screenrec's portable entry, into dist/screenrec.js (readable CommonJS, not
// minified: the code n8n's verification reads is the code that runs); each file package.json's `n8n` section
// declares is a one-line file re-exporting its class from that bundle, as n8n's loader requires it. Icons and codex
// files are copied beside the nodes, and the output schemas n8n's editor asks for are written from core's zod schemas
// (dist/nodes/<Name>/__schema__/, see output-schemas.ts).
// n8n-workflow and zod are not bundled: n8n provides both (zod is on n8n's allowed-imports list); core imports
// `zod/v4`, which the zod 3.25 of n8n 2.x and zod 4 both have.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const finalDist = join(root, 'dist');
// Built aside and moved into place at the end: dist/ is never half-built while another process reads it.
const dist = join(root, `../../.cache/n8n-build/dist-${process.pid}`);
const { n8n } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const declared = [...n8n.nodes, ...n8n.credentials].map((path) => {
	const match = /^dist\/((?:nodes\/[^/]+|credentials)\/([^/]+)\.(?:node|credentials)\.js)$/.exec(path);
	if (match === null)
		throw new Error(`${path}: nodes sit at dist/nodes/<Name>/<Name>.node.js, credentials at dist/credentials/<Name>.credentials.js`);
	return { path: match[1], className: match[2] };
});

// Core's Node entry brings a timer sleep and fetch, which n8n's scanner refuses in shipped code.
const corePortable = {
	name: 'core-portable',
	setup: (b) =>
		b.onResolve({ filter: /^screenrec(\/|$)/ }, ({ path, importer }) =>
			path === 'screenrec/portable'
				? { path: join(root, '../core/src/portable.ts') }
				: { errors: [{ text: `${relative(root, importer)}: the n8n package imports screenrec/portable, not ${path}` }] },
		),
};
const common = {
	absWorkingDir: root,
	bundle: true,
	platform: 'node',
	target: 'node20',
	format: 'cjs',
	external: ['n8n-workflow', 'zod', 'crypto'],
	tsconfig: 'tsconfig.json',
	legalComments: 'none',
	logLevel: 'warning',
	plugins: [corePortable],
};

rmSync(dist, { recursive: true, force: true });
await build({
	...common,
	stdin: {
		contents: declared.map(({ path, className }) => `export { ${className} } from './${path.replace(/\.js$/, '')}';`).join('\n'),
		resolveDir: root,
		loader: 'ts',
		sourcefile: 'package-entry.ts',
	},
	outfile: join(dist, 'screenrec.js'),
});
for (const { path, className } of declared) {
	mkdirSync(dirname(join(dist, path)), { recursive: true });
	writeFileSync(
		join(dist, path),
		`exports.${className} = require(${JSON.stringify(relative(dirname(path), 'screenrec.js'))}).${className};\n`,
	);
}

// Every operation's and trigger's output schema, generated from core's zod schemas by output-schemas.ts.
const schemasBundle = `${dist}-output-schemas.cjs`;
await build({ ...common, external: [], entryPoints: ['output-schemas.ts'], outfile: schemasBundle });
const { outputSchemaFiles } = createRequire(import.meta.url)(schemasBundle);
rmSync(schemasBundle);
for (const [path, schema] of Object.entries(outputSchemaFiles())) {
	mkdirSync(dirname(join(dist, path)), { recursive: true });
	writeFileSync(join(dist, path), `${JSON.stringify(schema, null, '\t')}\n`);
}

cpSync(join(root, 'icons'), join(dist, 'icons'), { recursive: true });
for (const { path } of declared.filter(({ path }) => path.startsWith('nodes/'))) {
	const folder = dirname(path);
	for (const file of readdirSync(join(root, folder)).filter((name) => name === `${basename(folder)}.node.json`)) {
		cpSync(join(root, folder, file), join(dist, folder, file));
	}
}
for (let attempt = 0; ; attempt++) {
	rmSync(finalDist, { recursive: true, force: true });
	try {
		renameSync(dist, finalDist);
		break;
	} catch (error) {
		if (attempt > 2) throw error; // another build moved its dist/ in between: replace it with this one
	}
}
