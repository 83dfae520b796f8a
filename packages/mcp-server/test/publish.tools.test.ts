import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { Ajv, addFormats } from '@modelcontextprotocol/client/validators/ajv';
import { SETTINGS } from '../src/config';
import { SERVER_VERSION } from '../src/server';
import { runProcess } from '@screenrec/test-support/run-process';
import { connectDriver } from './clients';
import { buildAndUnpackMcpb, MCPB_CLI, type BuiltBundle } from './mcpb-bundle';

// Published as MCP servers are: the official MCP Registry's server.json, and an MCP bundle for desktop clients.
jest.setTimeout(120_000);

const PACKAGE_DIR = join(__dirname, '..');
const read = (file: string) => JSON.parse(readFileSync(join(PACKAGE_DIR, file), 'utf8')) as Record<string, unknown>;
const packageJson = read('package.json') as { name: string; version: string; mcpName: string };

interface EnvironmentVariable {
  name: string;
  isRequired?: boolean;
  isSecret?: boolean;
}
const serverJson = read('server.json') as {
  name: string;
  version: string;
  packages: Array<{ identifier: string; version: string; environmentVariables: EnvironmentVariable[] }>;
};
const manifest = read('mcpb/manifest.json') as {
  version: string;
  server: { mcp_config: { env: Record<string, string> } };
  tools: Array<{ name: string; description: string }>;
  user_config: Record<string, { required: boolean; sensitive?: boolean }>;
};

/**
 * The registry's schema, vendored as published at static.modelcontextprotocol.io/schemas/2025-12-11 (no network
 * here, and no npm package ships it): the pin says the file is that one, byte for byte.
 */
const SCHEMA_PATH = join(__dirname, 'registry/server.schema.json');
const SCHEMA_SHA256 = '3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0';

function registryErrors(document: unknown): string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);
  return validate(document) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

describe('server.json for the official MCP Registry', () => {
  it('follows the published 2025-12-11 schema', () => {
    expect(createHash('sha256').update(readFileSync(SCHEMA_PATH)).digest('hex')).toBe(SCHEMA_SHA256);
    expect(registryErrors(serverJson)).toEqual([]);
    // The check has teeth: the registry refuses a description over 100 characters.
    expect(registryErrors({ ...serverJson, description: 'x'.repeat(101) })).toEqual([
      '/description must NOT have more than 100 characters',
    ]);
  });

  it('names the npm package that claims it (mcpName), at the version being published', () => {
    expect(serverJson.name).toBe(packageJson.mcpName);
    expect([serverJson.version, serverJson.packages[0]!.identifier, serverJson.packages[0]!.version]).toEqual([
      packageJson.version,
      packageJson.name,
      packageJson.version,
    ]);
    expect([manifest.version, SERVER_VERSION]).toEqual([packageJson.version, packageJson.version]);
  });

  it('lists every environment variable the server reads, the API key and backend token as secrets', () => {
    const variables = serverJson.packages[0]!.environmentVariables;
    expect(variables.map((variable) => variable.name)).toEqual(Object.keys(SETTINGS));
    expect(variables.filter((variable) => variable.isSecret).map((variable) => variable.name)).toEqual([
      'SCREENREC_API_KEY',
      'SCREENREC_BACKEND_TOKEN',
    ]);
    expect(variables.filter((variable) => variable.isRequired).map((variable) => variable.name)).toEqual([
      'SCREENREC_BASE_URL',
      'SCREENREC_WORKSPACE_ID',
      'SCREENREC_API_KEY',
    ]);
  });
});

describe('the MCP bundle (.mcpb) for one-click install', () => {
  it('asks the user for the four settings, keeping the key and token secret, and hands them over as the environment', () => {
    expect(manifest.server.mcp_config.env).toEqual({
      SCREENREC_BASE_URL: '${user_config.base_url}',
      SCREENREC_WORKSPACE_ID: '${user_config.workspace_id}',
      SCREENREC_API_KEY: '${user_config.api_key}',
      SCREENREC_BACKEND_TOKEN: '${user_config.backend_token}',
    });
    const asked = Object.entries(manifest.user_config).map(([key, field]) => [key, field.required, field.sensitive === true]);
    expect(asked).toEqual([
      ['base_url', true, false],
      ['workspace_id', true, false],
      ['api_key', true, true],
      ['backend_token', false, true],
    ]);
  });

  // Built and unpacked once, as a desktop client installs it, into a folder outside the repository.
  let out: string;
  let bundle: BuiltBundle;
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'screenrec-mcpb-'));
    bundle = await buildAndUnpackMcpb(out);
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('builds, passes `mcpb validate`, and serves every tool from the unpacked bundle alone (nothing installed beside it)', async () => {
    const validated = await runProcess(process.execPath, [MCPB_CLI, 'validate', join(bundle.staging, 'manifest.json')], {
      cwd: out,
      env: { PATH: process.env.PATH },
    });
    expect([validated.exitCode, validated.stdout]).toEqual([0, expect.stringContaining('Manifest schema validation passes!')]);

    // What a desktop client runs: node on the bundle's entry point, the user's settings as the environment.
    const client = await connectDriver('v2', {
      stdio: { SCREENREC_BASE_URL: 'https://api.screenrec.example', SCREENREC_BACKEND_TOKEN: 'bt_example' },
      entry: bundle.entry,
    });
    try {
      // The manifest lists every tool, in the order the server offers them.
      expect(await client.listTools()).toEqual(manifest.tools.map((tool) => tool.name));
    } finally {
      await client.close();
    }
  });

  it('carries undici (for a proxy) in server/node_modules: its code and licences, as npm installed it, and no more', () => {
    // That the bundled server finds it behind a proxy is the proxy suite's mcpb-bundle-every-call-through-proxy.
    const carried = join(bundle.installed, 'server', 'node_modules', 'undici');
    const files = (readdirSync(carried, { recursive: true }) as string[])
      .filter((file) => statSync(join(carried, file)).isFile())
      .map((file) => file.split(sep).join('/'));
    expect(files.filter((file) => !file.endsWith('.js')).sort()).toEqual(['LICENSE', 'lib/web/fetch/LICENSE', 'package.json']);
    const installed = dirname(require.resolve('undici/package.json', { paths: [PACKAGE_DIR] }));
    for (const file of files)
      expect([file, readFileSync(join(carried, file), 'utf8')]).toEqual([file, readFileSync(join(installed, file), 'utf8')]);
    expect(files).toEqual(expect.arrayContaining(['index.js', 'lib/dispatcher/proxy-agent.js', 'lib/web/fetch/index.js']));
    // Undici takes the bundle from about 0.3 MiB to 0.7 MiB; its docs and types, or another package, would pass 1 MiB.
    expect(statSync(bundle.file).size).toBeLessThan(1024 * 1024);
  });
});

describe("the package README's client snippets", () => {
  const blocks = [...readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8').matchAll(/```json\n([\s\S]*?)```/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  const launch = { command: 'npx', args: ['-y', packageJson.name] };
  const required = ['SCREENREC_BASE_URL', 'SCREENREC_WORKSPACE_ID', 'SCREENREC_API_KEY'];

  it('Claude Desktop, Cursor and the like: mcpServers with the command, its arguments and the environment', () => {
    const entry = (
      blocks.find((block) => 'mcpServers' in block)?.mcpServers as Record<
        string,
        { command: string; args: string[]; env: Record<string, string> }
      >
    ).screenrec!;
    expect(entry).toMatchObject(launch);
    expect(Object.keys(entry.env)).toEqual(expect.arrayContaining(required));
    expect(Object.keys(entry.env).filter((name) => !(name in SETTINGS))).toEqual([]);
  });

  it('VS Code: servers with type stdio, the secrets asked through inputs with password: true', () => {
    const config = blocks.find((block) => 'servers' in block) as {
      inputs: Array<{ id: string; password: boolean }>;
      servers: Record<string, { type: string; command: string; args: string[]; env: Record<string, string> }>;
    };
    const entry = config.servers.screenrec!;
    expect(entry).toMatchObject({ type: 'stdio', ...launch });
    expect(Object.keys(entry.env)).toEqual(expect.arrayContaining(required));
    const asked = Object.values(entry.env).flatMap((value) => [...(/\$\{input:([^}]+)\}/.exec(value)?.slice(1) ?? [])]);
    expect(config.inputs.filter((input) => input.password).map((input) => input.id)).toEqual(asked);
    expect(entry.env.SCREENREC_API_KEY).toMatch(/^\$\{input:/);
  });
});
