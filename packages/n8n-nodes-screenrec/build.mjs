// Builds dist/ as n8n loads it and as `n8n-node build` builds a community package: plain tsc, one readable .js per
// .ts, nothing minified (comments left out: with them the tarball passes 60 kB; the sources are public at the
// package's repository), icons and codex files copied beside the nodes, plus the output schemas n8n's editor asks
// for (dist/nodes/<Name>/__schema__/, see output-schemas.ts).
// Not `n8n-node build` itself: it compiles only this folder, and lib/ runs on @screenrec/core, which lives in
// packages/core; so what the package imports of core's portable entry is bundled, unminified, into
// dist/core/portable.js (esbuild leaves out what nothing imports: other platforms' parts of the catalogue, helpers
// n8n has no use for), and the package's imports point there.
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

/** Where tsc's output for one of the package's source files goes: the same place under dist/. */
const outputPathOf = (sourcePath) => join(dist, relative(root, sourcePath)).replace(/\.ts$/, '.js');

/** lib's `require("@screenrec/core/portable")`, pointed at core's compiled portable entry. */
function pointCoreImports(outputPath, text) {
	const portable = relative(dirname(outputPath), join(dist, 'core', 'portable'))
		.split(sep)
		.join('/');
	return text.replace(/require\("@screenrec\/core\/portable"\)/g, `require("${portable.startsWith('.') ? portable : `./${portable}`}")`);
}

/** tsc prints four spaces a level; tabs, as the sources, keep the tarball within 60 kB (template literals untouched). */
function withTabs(text, indent = 4) {
	const literals = [];
	const visit = (node) => {
		if (ts.isTemplateLiteral(node)) literals.push([node.getStart(), node.getEnd()]);
		else ts.forEachChild(node, visit);
	};
	visit(ts.createSourceFile('output.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS));
	const levels = new RegExp(`^(?: {${indent}})+`, 'gm');
	return text.replace(levels, (spaces, offset) =>
		literals.some(([start, end]) => offset > start && offset < end) ? spaces : '\t'.repeat(spaces.length / indent),
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
	const ownFiles = program.getSourceFiles().filter((file) => rootNames.includes(file.fileName));
	for (const file of ownFiles) {
		program.emit(file, (_fileName, text) => {
			const outputPath = outputPathOf(file.fileName);
			mkdirSync(dirname(outputPath), { recursive: true });
			writeFileSync(outputPath, withTabs(pointCoreImports(outputPath, text)));
		});
	}
	return ownFiles.flatMap(coreImportsOf);
}

/** The values a file imports or re-exports from core's portable entry (types are erased: nothing to bundle). */
function coreImportsOf(file) {
	return file.statements.flatMap((statement) => {
		if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
		if (statement.moduleSpecifier?.text !== '@screenrec/core/portable') return [];
		const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
		if (bindings === undefined || !('elements' in bindings))
			throw new Error(`${relative(root, file.fileName)}: import core's values by name, so that the build bundles only those`);
		if (statement.isTypeOnly || statement.importClause?.isTypeOnly) return [];
		return bindings.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text);
	});
}

/** dist/core/portable.js: core's portable entry, only what the package imports of it, as one readable file. */
async function bundleCore(names) {
	const { outputFiles } = await build({
		stdin: {
			contents: `export { ${[...new Set(names)].sort().join(', ')} } from './portable';`,
			resolveDir: coreSource,
			loader: 'ts',
			sourcefile: 'n8n-imports.ts',
		},
		bundle: true,
		write: false,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		packages: 'external',
		tsconfig: join(coreSource, '../tsconfig.json'),
		legalComments: 'none',
		logLevel: 'warning',
	});
	const outputPath = join(dist, 'core', 'portable.js');
	mkdirSync(dirname(outputPath), { recursive: true });
	// esbuild indents by two spaces, marks each source file with a comment line and ends with the export names for
	// Node's ESM loader: tabs, no repository paths, nothing n8n's require does not read.
	const text = outputFiles[0].text.replace(/^\/\/ .*\n/gm, '').replace(/^0 && \(module\.exports = \{[^}]*\}\);\n/m, '');
	writeFileSync(outputPath, withTabs(text, 2));
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

await bundleCore(compile());
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
