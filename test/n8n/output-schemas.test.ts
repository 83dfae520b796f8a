import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OPERATIONS, OPERATION_NAMES, type CatalogueOperation } from 'screenrec';
import type { IDataObject, INodeProperties, INodeType } from 'n8n-workflow';
import { forgetSeenVideosInThisProcess } from '../../packages/n8n-nodes-screenrec/lib/seen-videos';
import { jsonSchemaOf, OPERATION_OUTPUTS, TRIGGER_OUTPUTS } from '../../packages/n8n-nodes-screenrec/output-schemas';
import { Catcher } from '../support/catcher';
import { pollingTrigger, runScreenRecNode, shutDownN8nContexts, triggerWorkflow } from '../support/n8n-contexts';
import { startN8nE2E, type N8nE2E, type N8nWorkspace } from '../e2e/n8n/environment';
import { openRecordingPage, uploadFromPage } from '../e2e/zapier/recording-page';
import { smallWebm } from '../e2e/zapier/webm';

// n8n's editor offers a node's output fields for mapping before anything has run by asking n8n for
// /schemas/<package>.<node>/<version x.y.z>/<resource>/<operation>.json (a trigger: /schemas/<package>.<node>/<x.y.z>.json),
// which n8n serves from __schema__/v<x.y.z>/… beside the node's file. Every operation and trigger ships its file, and
// what each one really outputs (run here against the reference service) fits the file the editor shows.

jest.setTimeout(120_000);

const PACKAGE_DIR = join(__dirname, '../../packages/n8n-nodes-screenrec');
const { n8n } = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
}

/** The built node of a package.json entry, and the folder n8n resolves its schemas from. */
function builtNode(path: string): { type: INodeType; folder: string } {
  const className = path.split('/').pop()!.split('.')[0]!;
  const module = jest.requireActual<Record<string, new () => INodeType>>(join(PACKAGE_DIR, path));
  return { type: new module[className]!(), folder: join(PACKAGE_DIR, path, '..') };
}

/** The file n8n serves for this node, resource and operation, as its resolveSchema finds it. */
function schemaFile(folder: string, version: number, resource?: string, operation?: string): string {
  const padded = `${version}`.split('.').concat(['0', '0']).slice(0, 3).join('.');
  return join(folder, ['__schema__', `v${padded}`, resource, operation].filter(Boolean).join('/') + '.json');
}

/** The n8n resource and operation of each catalogue operation that takes a recording ID alone, runs the catalogue's call and keeps the recording. */
const ON_ONE_RECORDING = OPERATION_NAMES.flatMap((name): Array<[string, string]> => {
  const { keys, perform, inputs, effects }: CatalogueOperation = OPERATIONS[name];
  const [resource, operation] = keys.n8n?.split('.') ?? [];
  const alone = inputs.length === 1 && inputs[0] === 'recordingId';
  return resource !== undefined && operation !== undefined && perform !== undefined && alone && !effects.destructive
    ? [[resource, operation]]
    : [];
});

const readSchema = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as JsonSchema;

/** Every resource and operation the ScreenRec node offers in the editor. */
function operationsOf(node: INodeType): Array<[string, string]> {
  const options = (property: INodeProperties | undefined) =>
    (property?.options ?? []).map((option) => String((option as { value: unknown }).value));
  const resources = options(node.description.properties.find((property) => property.name === 'resource'));
  return resources.flatMap((resource) =>
    options(
      node.description.properties.find(
        (property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
      ),
    ).map((operation): [string, string] => [resource, operation]),
  );
}

function fits(value: unknown, schema: JsonSchema): boolean {
  if (schema.anyOf !== undefined) return schema.anyOf.some((option) => fits(value, option));
  if ('const' in schema) return value === schema.const;
  if (schema.enum !== undefined) return schema.enum.includes(value);
  if (schema.type === undefined) return true;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  const types = [schema.type].flat();
  if (!types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return false;
  if (kind === 'array' && schema.items !== undefined) return (value as unknown[]).every((item) => fits(item, schema.items!));
  return true;
}

/** Where an output item differs from its schema: a field the editor would not offer, a promised one missing, a wrong type. */
function mismatches(json: IDataObject, schema: JsonSchema): string[] {
  const properties = schema.properties ?? {};
  return [
    ...Object.keys(json)
      .filter((key) => !(key in properties))
      .map((key) => `${key}: not in the schema`),
    ...(schema.required ?? []).filter((key) => !(key in json)).map((key) => `${key}: required, missing`),
    ...Object.entries(json)
      .filter(([key, value]) => key in properties && !fits(value, properties[key]!))
      .map(([key, value]) => `${key}: ${JSON.stringify(value)} does not fit`),
  ];
}

const [screenRec, ...triggers] = n8n.nodes.map(builtNode);

describe('the schema files', () => {
  it('exist for every operation of the ScreenRec node and for each trigger, and for nothing else', () => {
    const version = screenRec!.type.description.version as number;
    const operations = operationsOf(screenRec!.type);
    expect(operations.length).toBeGreaterThanOrEqual(9);
    const expected = [
      ...operations.map(([resource, operation]) => schemaFile(screenRec!.folder, version, resource, operation)),
      ...triggers.map(({ type, folder }) => schemaFile(folder, type.description.version as number)),
    ];
    const shipped = [screenRec!, ...triggers].flatMap(({ folder }) =>
      readdirSync(join(folder, '__schema__'), { recursive: true, encoding: 'utf8' })
        .filter((path) => path.endsWith('.json'))
        .map((path) => join(folder, '__schema__', path)),
    );
    expect(shipped.map((path) => relative(PACKAGE_DIR, path)).sort()).toEqual(expected.map((path) => relative(PACKAGE_DIR, path)).sort());
    expect(relative(PACKAGE_DIR, schemaFile(screenRec!.folder, version, 'recording', 'getAll'))).toBe(
      'dist/nodes/ScreenRec/__schema__/v1.0.0/recording/getAll.json',
    );
  });

  it("are object schemas with fields, as n8n's editor requires, generated from core's zod schemas", () => {
    const version = screenRec!.type.description.version as number;
    for (const [resource, operations] of Object.entries(OPERATION_OUTPUTS)) {
      for (const [operation, schema] of Object.entries(operations)) {
        const file = readSchema(schemaFile(screenRec!.folder, version, resource, operation));
        expect([resource, operation, file]).toEqual([resource, operation, jsonSchemaOf(schema)]);
        expect([resource, operation, file.type, Object.keys(file.properties ?? {}).length > 0]).toEqual([
          resource,
          operation,
          'object',
          true,
        ]);
      }
    }
    for (const { type, folder } of triggers) {
      const file = readSchema(schemaFile(folder, type.description.version as number));
      expect(file).toEqual(jsonSchemaOf(TRIGGER_OUTPUTS[type.description.name as keyof typeof TRIGGER_OUTPUTS]));
      expect(Object.keys(file.properties ?? {}).length).toBeGreaterThan(3);
    }
  });

  it('would catch a wrong schema: an unnamed field, a missing one and a wrong type are each reported', () => {
    const schema = readSchema(schemaFile(screenRec!.folder, 1, 'recording', 'getVideoUrl'));
    expect(mismatches({ recordingId: 'r', videoUrl: 'https://v.example/1', extra: 1 }, schema)).toEqual(['extra: not in the schema']);
    expect(mismatches({ recordingId: 'r' }, schema)).toEqual(['videoUrl: required, missing']);
    expect(mismatches({ recordingId: null, videoUrl: 'https://v.example/1' }, schema)).toEqual(['recordingId: null does not fit']);
  });
});

describe('what each operation and trigger outputs fits its schema file (against the reference service)', () => {
  let e2e: N8nE2E;
  let workspace: N8nWorkspace;
  const n8nWebhooks = new Catcher();
  const outputs: Record<string, IDataObject[]> = {};

  beforeAll(async () => {
    [e2e] = await Promise.all([startN8nE2E('service'), n8nWebhooks.start()]);
    workspace = await e2e.connectWorkspace('n8n Output Schemas Workspace');
    forgetSeenVideosInThisProcess();
    const setup = { credential: workspace.credential, webhookBaseUrl: `${n8nWebhooks.url}/webhook` };
    const run = async (resource: string, operation: string, parameters: Record<string, unknown> = {}) => {
      const items = await runScreenRecNode(setup, { resource, operation, ...parameters } as never);
      outputs[`${resource}/${operation}`] = items.map((item) => item.json);
      return items[0]!.json;
    };
    const polling = pollingTrigger({ ...setup, parameters: {} });
    const trigger = triggerWorkflow({ ...setup, parameters: { allowHttpWebhook: true, includeRecording: true } });
    await polling.poll();
    await trigger.create();

    const created = await run('recording', 'create', { externalReference: 'schema-1', tags: 'docs' });
    const recordingId = String(created.recordingId);
    const byId = { __rl: true, mode: 'id', value: recordingId };
    await run('recording', 'request', { direction: 'REQUEST', email: 'ann@example.com', additionalFields: { tags: 'docs' } });
    await run('recording', 'getAll', { returnAll: true });
    await run('recording', 'update', { recordingId: byId, updateFields: { comment: 'checked' } });
    await expect(uploadFromPage(String(created.url), await openRecordingPage(String(created.url)), smallWebm())).resolves.toMatchObject({
      status: 200,
    });
    await run('recording', 'get', { recordingId: byId });
    await run('recording', 'getVideoUrl', { recordingId: byId });
    await run('recording', 'waitForVideo', { recordingId: byId });
    await run('tag', 'search', { query: 'do' });
    // Every other regular operation on one recording alone (the catalogue's call as it is), on the recording made above.
    for (const [resource, operation] of ON_ONE_RECORDING.filter(
      ([resource, operation]) => outputs[`${resource}/${operation}`] === undefined,
    ))
      await run(resource, operation, { recordingId: byId });
    outputs.screenRecNewRecordingTrigger = ((await polling.poll('manual'))?.[0] ?? []).map((item) => item.json);
    await n8nWebhooks.waitFor(1);
    const { result } = await trigger.deliverCaught(n8nWebhooks.received.shift()!);
    outputs.screenRecTrigger = (result.workflowData?.[0] ?? []).map((item) => item.json);
    await run('recording', 'delete', { recordingId: byId });
  });
  afterAll(async () => {
    shutDownN8nContexts();
    await Promise.all([e2e?.stop(), n8nWebhooks.stop()]);
  });

  it.each(
    Object.entries(OPERATION_OUTPUTS).flatMap(([resource, operations]) =>
      Object.keys(operations).map((operation) => `${resource}/${operation}`),
    ),
  )('%s', (key) => {
    const [resource, operation] = key.split('/') as [string, string];
    const items = outputs[key] ?? [];
    expect(items.length).toBeGreaterThan(0);
    const schema = readSchema(schemaFile(screenRec!.folder, 1, resource, operation));
    expect(items.flatMap((item) => mismatches(item, schema))).toEqual([]);
  });

  it.each(Object.keys(TRIGGER_OUTPUTS))('%s', (name) => {
    const items = outputs[name] ?? [];
    expect(items.length).toBeGreaterThan(0);
    const { type, folder } = triggers.find((trigger) => trigger.type.description.name === name)!;
    expect(items.flatMap((item) => mismatches(item, readSchema(schemaFile(folder, type.description.version as number))))).toEqual([]);
    expect(existsSync(schemaFile(folder, type.description.version as number))).toBe(true);
  });
});
