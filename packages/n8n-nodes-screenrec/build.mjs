// Builds dist/ as n8n loads it and as `n8n-node build` builds a community package: plain tsc, one readable .js per
// .ts, nothing bundled or minified (comments left out: with them the tarball passes 60 kB; the sources are public at
// the package's repository), icons and codex files copied beside the nodes, plus the output schemas n8n's editor
// asks for (dist/nodes/<Name>/__schema__/, see output-schemas.ts).
// Not `n8n-node build` itself: it compiles only this folder, and lib/ runs on @screenrec/core, which lives in
// packages/core; so core's portable entry is compiled along into dist/core/ and lib's imports point there.
// zod is not bundled: n8n provides it (it is on n8n's allowed-imports list, and its lint forbids declaring it as a
// peer); core imports `zod/v4`, which the zod 3.25 of n8n 2.x and zod 4 both have. Bundled, it would add 110 kB.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = dirname(fileURLToPath(import.meta.url));
// Built aside and moved into place at the end: dist/ is never half-built while another process reads it.
const finalDist = join(root, 'dist');
const dist = join(root, `../../.cache/n8n-build/dist-${process.pid}`);
const coreSource = join(root, '../core/src');
const { n8n } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const nodePath of n8n.nodes) {
	if (!/^dist\/nodes\/[^/]+\/[^/]+\.node\.js$/.test(nodePath))
		throw new Error(`${nodePath}: nodes must sit at dist/nodes/<Name>/<Name>.node.js`);
}

/** Where tsc's output for a source file goes: the package's own files keep their place, core's go to dist/core/. */
function outputPathOf(sourcePath) {
	const js = (path) => path.replace(/\.ts$/, '.js');
	if (sourcePath.startsWith(coreSource + sep)) return js(join(dist, 'core', relative(coreSource, sourcePath)));
	if (sourcePath.startsWith(root + sep)) return js(join(dist, relative(root, sourcePath)));
	throw new Error(`${sourcePath} is outside the package and core`);
}

/** lib's `require("@screenrec/core/portable")`, pointed at core's compiled portable entry. */
function pointCoreImports(outputPath, text) {
	const portable = relative(dirname(outputPath), join(dist, 'core', 'portable'))
		.split(sep)
		.join('/');
	return text.replace(/require\("@screenrec\/core\/portable"\)/g, `require("${portable.startsWith('.') ? portable : `./${portable}`}")`);
}

/** tsc prints four spaces a level; tabs, as the sources, keep the tarball within 60 kB (template literals untouched). */
function withTabs(text) {
	const literals = [];
	const visit = (node) => {
		if (ts.isTemplateLiteral(node)) literals.push([node.getStart(), node.getEnd()]);
		else ts.forEachChild(node, visit);
	};
	visit(ts.createSourceFile('output.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS));
	return text.replace(/^(?: {4})+/gm, (spaces, offset) =>
		literals.some(([start, end]) => offset > start && offset < end) ? spaces : '\t'.repeat(spaces.length / 4),
	);
}

function compile() {
	const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
	const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
	const options = {
		...parsed.options,
		noEmit: false,
		incremental: false,
		tsBuildInfoFile: undefined,
		declaration: false,
		sourceMap: false,
		removeComments: true,
		outDir: dist,
	};
	// The shipped files: the nodes, credentials and lib (output-schemas.ts runs at build time only).
	const rootNames = parsed.fileNames.filter((path) => /^(credentials|lib|nodes)\//.test(relative(root, path)));
	const program = ts.createProgram({ rootNames, options });
	// Core's Node entry brings a timer sleep and fetch, which n8n's scanner refuses in shipped code.
	const coreNodeEntry = program.getSourceFile(join(coreSource, 'index.ts'));
	if (coreNodeEntry !== undefined) throw new Error('the n8n package must import @screenrec/core/portable, not @screenrec/core');
	// Type errors are `npm run typecheck`'s to report (as esbuild's build did, this one does not type-check twice).
	const diagnostics = [...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics()];
	if (diagnostics.length > 0) {
		const host = {
			getCanonicalFileName: (name) => name,
			getCurrentDirectory: () => root,
			getNewLine: () => '\n',
		};
		throw new Error(ts.formatDiagnostics(diagnostics, host));
	}
	program.emit(undefined, (_fileName, text, _bom, _onError, sourceFiles) => {
		const outputPath = outputPathOf(sourceFiles[0].fileName);
		mkdirSync(dirname(outputPath), { recursive: true });
		writeFileSync(outputPath, withTabs(pointCoreImports(outputPath, text)));
	});
}

/** Every operation's and trigger's output schema, generated from core's zod schemas by output-schemas.ts. */
async function writeOutputSchemas() {
	const bundle = `${dist}-output-schemas.cjs`;
	await build({
		absWorkingDir: root,
		entryPoints: ['output-schemas.ts'],
		outfile: bundle,
		bundle: true,
		platform: 'node',
		format: 'cjs',
		packages: 'external',
		tsconfig: 'tsconfig.json',
		logLevel: 'warning',
		// Core is TypeScript source: bundled; zod is the repository's own (z.toJSONSchema is zod 4's).
		plugins: [
			{
				name: 'core-source',
				setup: (b) =>
					b.onResolve({ filter: /^@screenrec\/core\/portable$/ }, () => ({
						path: join(coreSource, 'portable.ts'),
					})),
			},
		],
	});
	const { outputSchemaFiles } = createRequire(import.meta.url)(bundle);
	rmSync(bundle);
	for (const [path, schema] of Object.entries(outputSchemaFiles())) {
		mkdirSync(dirname(join(dist, path)), { recursive: true });
		writeFileSync(join(dist, path), `${JSON.stringify(schema, null, '\t')}\n`);
	}
}

compile();
await writeOutputSchemas();
cpSync(join(root, 'icons'), join(dist, 'icons'), { recursive: true });
for (const nodePath of n8n.nodes) {
	const folder = dirname(nodePath.replace(/^dist\//, ''));
	for (const file of readdirSync(join(root, folder)).filter((name) => name.endsWith('.node.json'))) {
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
