import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PackageDirectoryLoader } from 'n8n-core';
import type { ICredentialType, INodeType } from 'n8n-workflow';

const PACKAGE_DIR = join(__dirname, '../../packages/n8n-nodes-screenrec');
const packageJson = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
	name: string;
	keywords: string[];
	files: string[];
	license: string;
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	n8n: { n8nNodesApiVersion: number; strict: boolean; nodes: string[]; credentials: string[] };
};

beforeAll(() => {
	// The same build `npm test` runs first; repeated here so this suite checks what the sources build to now.
	execFileSync(process.execPath, ['build.mjs'], { cwd: PACKAGE_DIR });
});

describe('package.json', () => {
	it('is a community node package with no runtime dependencies, and n8n-workflow as its only peer', () => {
		expect(packageJson.name).toBe('n8n-nodes-screenrec');
		expect(packageJson.license).toBe('MIT');
		expect(packageJson.keywords).toContain('n8n-community-node-package');
		expect(packageJson.files).toEqual(['dist']);
		expect(packageJson.dependencies).toBeUndefined();
		expect(packageJson.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	});

	it('names the nodes and credentials other tools load, at paths that exist after the build', () => {
		expect(packageJson.n8n).toEqual({
			n8nNodesApiVersion: 1,
			strict: true,
			credentials: ['dist/credentials/ScreenRecHookApi.credentials.js', 'dist/credentials/ScreenRecApi.credentials.js'],
			nodes: ['dist/nodes/ScreenRec/ScreenRec.node.js', 'dist/nodes/ScreenRecTrigger/ScreenRecTrigger.node.js'],
		});
		for (const path of [...packageJson.n8n.nodes, ...packageJson.n8n.credentials]) {
			expect(existsSync(join(PACKAGE_DIR, path))).toBe(true);
		}
	});
});

describe('the built files', () => {
	const load = <T>(path: string): T => {
		const className = path.split('/').pop()!.split('.')[0]!;
		const module = jest.requireActual<Record<string, new () => T>>(join(PACKAGE_DIR, path));
		return new module[className]!();
	};

	it('each load with the class named after their file and the expected description', () => {
		const [screenRec, trigger] = packageJson.n8n.nodes.map((path) => load<INodeType>(path));
		expect(screenRec!.description).toMatchObject({ name: 'screenRec', displayName: 'ScreenRec', usableAsTool: true, version: 1 });
		expect(screenRec!.description.credentials?.map((credential) => credential.name)).toEqual(['screenRecHookApi', 'screenRecApi']);
		expect(trigger!.description).toMatchObject({ name: 'screenRecTrigger', displayName: 'ScreenRec Trigger', inputs: [], group: ['trigger'] });
		expect(trigger!.description.webhooks).toEqual([{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }]);
		expect(Object.keys(trigger!.webhookMethods?.default ?? {}).sort()).toEqual(['checkExists', 'create', 'delete']);

		const [hook, rest] = packageJson.n8n.credentials.map((path) => load<ICredentialType>(path));
		expect(hook).toMatchObject({ name: 'screenRecHookApi', displayName: 'ScreenRec Hook API' });
		expect(hook!.properties.map((property) => property.name)).toEqual(['serviceUrl', 'backendToken']);
		expect(hook!.test?.request).toMatchObject({ url: '/public/webhooks/N8N', method: 'POST', body: { action: 'PING' } });
		expect(rest).toMatchObject({ name: 'screenRecApi', displayName: 'ScreenRec API' });
		expect(rest!.properties.map((property) => property.name)).toEqual(['serviceUrl', 'workspaceId', 'apiKey']);
		expect(rest!.test?.request).toMatchObject({ method: 'POST', body: { pageSize: 1 } });
	});

	it("load through n8n's own package loader, with codex, themed icons and the credentials' supported nodes", async () => {
		const loader = new PackageDirectoryLoader(PACKAGE_DIR);
		await loader.loadAll();
		expect(Object.keys(loader.known.nodes).sort()).toEqual(['screenRec', 'screenRecTrigger']);
		expect(Object.keys(loader.known.credentials).sort()).toEqual(['screenRecApi', 'screenRecHookApi']);
		const screenRec = loader.nodeTypes.screenRec!.type as INodeType;
		expect(screenRec.description.codex).toMatchObject({ categories: ['Productivity', 'Communication'] });
		expect(screenRec.description.iconUrl).toEqual({
			light: 'icons/n8n-nodes-screenrec/dist/icons/screenrec.svg',
			dark: 'icons/n8n-nodes-screenrec/dist/icons/screenrec.dark.svg',
		});
		expect(loader.known.credentials.screenRecHookApi!.supportedNodes).toEqual(['screenRec', 'screenRecTrigger']);
		expect(loader.known.credentials.screenRecApi!.supportedNodes).toEqual(['screenRec', 'screenRecTrigger']);
		for (const icon of ['screenrec.svg', 'screenrec.dark.svg']) expect(existsSync(join(PACKAGE_DIR, 'dist/icons', icon))).toBe(true);
	});
});

describe('npm pack', () => {
	it('ships only dist, README, LICENSE and package.json, in under 250 kB', () => {
		const [pack] = JSON.parse(
			execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PACKAGE_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
		) as Array<{ size: number; files: Array<{ path: string }> }>;
		const paths = pack!.files.map((file) => file.path).sort();
		expect(paths).toEqual([
			'LICENSE',
			'README.md',
			'dist/credentials/ScreenRecApi.credentials.js',
			'dist/credentials/ScreenRecHookApi.credentials.js',
			'dist/icons/screenrec.dark.svg',
			'dist/icons/screenrec.svg',
			'dist/lib/index.js',
			'dist/nodes/ScreenRec/ScreenRec.node.js',
			'dist/nodes/ScreenRec/ScreenRec.node.json',
			'dist/nodes/ScreenRecTrigger/ScreenRecTrigger.node.js',
			'dist/nodes/ScreenRecTrigger/ScreenRecTrigger.node.json',
			'package.json',
		]);
		expect(pack!.size).toBeLessThanOrEqual(250_000);
	});

	it('bundles core and zod into dist: the built code requires nothing but n8n-workflow, Node built-ins and its own files', () => {
		const requires = new Set<string>();
		for (const path of ['dist/lib/index.js', ...packageJson.n8n.nodes, ...packageJson.n8n.credentials]) {
			for (const match of readFileSync(join(PACKAGE_DIR, path), 'utf8').matchAll(/require\("([^"]+)"\)/g)) requires.add(match[1]!);
		}
		const external = [...requires].filter((name) => !name.startsWith('.') && !name.startsWith('node:'));
		expect(external).toEqual(['n8n-workflow']);
	});
});
