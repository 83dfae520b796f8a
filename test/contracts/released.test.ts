import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';
import { breakingChanges, describeBreakingChange, type Escapes } from './breaking';
import { currentContract, readReleasedContract } from './current';
import type { ReleasedContract } from './surface';

const ZAPIER_CHANGELOG = path.join(REPO_ROOT, 'packages/zapier/CHANGELOG.md');
const NO_MIGRATION_NOTE: Escapes = { zapierChangelog: '' };

let current: ReleasedContract;

beforeAll(async () => {
  current = await currentContract();
}, 30_000);

const copy = (contract: ReleasedContract): ReleasedContract => structuredClone(contract);
const changesBetween = (released: ReleasedContract, now: ReleasedContract, escapes = NO_MIGRATION_NOTE) =>
  breakingChanges(released, now, escapes).map(describeBreakingChange);

describe('released fields: what Zaps, workflows and prompts are built on', () => {
  it('the current build keeps every promise of the released snapshot (test/contracts/released.json)', () => {
    const escapes = { zapierChangelog: readFileSync(ZAPIER_CHANGELOG, { encoding: 'utf8', flag: 'a+' }) };
    expect(changesBetween(readReleasedContract(), current, escapes)).toEqual([]);
  });

  it("the snapshot covers every platform: Zapier steps, n8n nodes and credential, MCP tools, Node-RED nodes, the SDK's exports", () => {
    const released = readReleasedContract();
    expect(Object.keys(released.zapier.operations)).toEqual(
      expect.arrayContaining(['triggers.videoReady', 'creates.createRecording', 'searches.findRecording']),
    );
    expect(Object.keys(released.n8n.nodes)).toEqual(['screenRec', 'screenRecNewRecordingTrigger', 'screenRecTrigger']);
    expect(Object.keys(released.n8n.credentials)).toEqual(['screenRecApi']);
    expect(Object.keys(released.mcp.tools)).toEqual(
      expect.arrayContaining(['create_recording_link', 'delete_recording', 'find_recordings']),
    );
    expect(Object.keys(released.nodeRed.nodes)).toEqual(['screenrec', 'screenrec-connection', 'screenrec-video-ready', 'screenrec-wait']);
    expect(released.nodeRed.nodes['screenrec-connection']!.credentials).toEqual({
      apiKey: { type: 'password', required: false },
      backendToken: { type: 'password', required: false },
    });
    expect(Object.keys(released.sdk!.entries)).toEqual(['.', './portable']);
    expect(released.sdk!.entries['.']!.values).toEqual(expect.arrayContaining(['RestClient', 'HookClient', 'NotFoundError', 'sleep']));
    expect(released.sdk!.entries['./portable']!.types).toEqual(expect.arrayContaining(['Transport', 'CallOptions', 'RestClientOptions']));
  });

  it("the SDK's snapshot is read from the built package: each entry gives the same names through import (ESM) and require (CommonJS)", () => {
    // sdkSurface throws when the two formats differ; here, what it read: the Node entry is the portable one and more.
    const { '.': node, './portable': portable } = current.sdk!.entries;
    expect(portable!.values.filter((name) => !node!.values.includes(name))).toEqual([]);
    expect(node!.values).toEqual(expect.arrayContaining(['createFetchTransport', 'sleep']));
    expect(portable!.values).not.toContain('createFetchTransport');
  });
});

describe('the guard: each kind of breaking change is named with whose work it breaks', () => {
  it('a removed (or renamed) Zapier input field, naming the step and the Zaps', () => {
    const now = copy(current);
    delete now.zapier.operations['creates.createRecording']!.inputFields.externalReference;
    expect(changesBetween(current, now)).toEqual([
      'Zapier: "Create Recording Link" (creates.createRecording), input field "externalReference": removed (or renamed). Every Zap that fills in this step would break. Keep it, or release a new major version of the Zapier app with a migration note for it in packages/zapier/CHANGELOG.md.',
    ]);
  });

  it('a Zapier output field renamed, a field made required, a new required field, a list made single', () => {
    const now = copy(current);
    const videoReady = now.zapier.operations['triggers.videoReady']!;
    videoReady.outputFields = videoReady.outputFields.map((key) => (key === 'videoUrl' ? 'videoLink' : key));
    const search = now.zapier.operations['searches.findRecording']!.inputFields;
    search.externalReference!.required = true;
    search.tags!.list = false;
    now.zapier.authFields.region = { type: 'string', required: true };
    expect(changesBetween(current, now).map((change) => change.split('. ')[0])).toEqual([
      'Zapier: connection field "region": added as a required field',
      'Zapier: "Find Recording" (searches.findRecording), input field "externalReference": now required',
      'Zapier: "Find Recording" (searches.findRecording), input field "tags": no longer takes a list',
      'Zapier: "Video Ready" (triggers.videoReady), output field "videoUrl": removed (or renamed)',
    ]);
  });

  it('a Zapier change passes with a new major version and its migration note, not without the note', () => {
    const now = copy(current);
    delete now.zapier.operations['creates.createRecording']!.inputFields.tags;
    now.zapier.version = '1.0.0';
    expect(
      changesBetween(current, now, { zapierChangelog: '# Changelog\n\n## 1.0.0\n\n### Major Changes\n\n- Migration: Tags moved to …\n' }),
    ).toEqual([]);
    expect(changesBetween(current, now, { zapierChangelog: '# Changelog\n\n## 1.0.0\n\n- Tags removed\n' })).toHaveLength(1);
  });

  it('an n8n parameter retyped or losing an option value, naming the node version and the workflows', () => {
    const now = copy(current);
    const parameters = now.n8n.nodes.screenRec!.versions['1']!;
    const [operation] = Object.keys(parameters).filter((name) => name.startsWith('operation (resource=recording'));
    parameters[operation!]!.values = parameters[operation!]!.values!.filter((value) => value !== 'delete');
    const [download] = Object.keys(parameters).filter((name) => name.startsWith('download '));
    parameters[download!]!.type = 'options';
    expect(changesBetween(current, now)).toEqual([
      `n8n: node ScreenRec (screenRec) version 1, parameter "${download}": type changed from boolean to options. Every saved workflow with ScreenRec at version 1 would break. Keep version 1 as it was and make the change in a new node version (n8n keeps each saved node on its version).`,
      `n8n: node ScreenRec (screenRec) version 1, parameter "${operation}": no longer accepts "delete". Every saved workflow with ScreenRec at version 1 would break. Keep version 1 as it was and make the change in a new node version (n8n keeps each saved node on its version).`,
    ]);
  });

  it('an n8n operation added with a required parameter of its own passes; the same parameter under a released operation does not', () => {
    const now = copy(current);
    const parameters = now.n8n.nodes.screenRec!.versions['1']!;
    const [operation] = Object.keys(parameters).filter((name) => name.startsWith('operation (resource=recording'));
    parameters[operation!]!.values = [...parameters[operation!]!.values!, 'notYetReleased'];
    parameters['recordingId (operation=notYetReleased; resource=recording)'] = { type: 'resourceLocator', required: true };
    expect(changesBetween(current, now)).toEqual([]);
    parameters['reason (operation=delete|notYetReleased; resource=recording)'] = { type: 'string', required: true };
    expect(changesBetween(current, now).map((change) => change.split('. ')[0])).toEqual([
      'n8n: node ScreenRec (screenRec) version 1, parameter "reason (operation=delete|notYetReleased; resource=recording)": added as a required field',
    ]);
  });

  it('an n8n change passes in a new node version that keeps the old one; dropping the old version does not', () => {
    const now = copy(current);
    const node = now.n8n.nodes.screenRec!;
    const changed = structuredClone(node.versions['1']!);
    delete changed[Object.keys(changed).find((name) => name.startsWith('download '))!];
    node.versions['2'] = changed;
    expect(changesBetween(current, now)).toEqual([]);
    delete node.versions['1'];
    expect(changesBetween(current, now).map((change) => change.split('. ')[0])).toEqual([
      'n8n: node ScreenRec (screenRec) version 1: version no longer offered',
    ]);
  });

  it("an n8n field relabelled so that the editor's $fromAI name changes breaks agent workflows; a snapshot from before promised none", () => {
    const now = copy(current);
    const create = now.n8n.nodes.screenRec!.fromAi!['1']!['recording.create']!;
    now.n8n.nodes.screenRec!.fromAi!['1']!['recording.create'] = create.map((key) => (key === 'External_Reference' ? 'Reference' : key));
    expect(changesBetween(current, now)).toEqual([
      "n8n: node ScreenRec (screenRec) version 1, operation recording.create, AI argument \"External_Reference\": no longer the name n8n's editor gives. New agent workflows would name it otherwise than the saved ones and the tool description do. Keep the field's label as it was (n8n's editor names the argument after it), or change it in a new node version.",
    ]);
    const beforeFromAi = copy(current);
    delete beforeFromAi.n8n.nodes.screenRec!.fromAi;
    expect(changesBetween(beforeFromAi, current)).toEqual([]);
  });

  it('a credential field removed breaks every saved credential', () => {
    const now = copy(current);
    delete now.n8n.credentials.screenRecApi!.workspaceId;
    expect(changesBetween(current, now)).toEqual([
      'n8n: credential screenRecApi, field "workspaceId": removed (or renamed). Every saved credential of this type would stop working. Keep the field as it was.',
    ]);
  });

  it('an MCP tool renamed breaks prompts unless the old name stays; a new required argument breaks them too', () => {
    const now = copy(current);
    now.mcp.tools.remove_recording = now.mcp.tools.delete_recording!;
    delete now.mcp.tools.delete_recording;
    now.mcp.tools.get_recording!.inputs.include = { type: 'boolean', required: true };
    expect(changesBetween(current, now).map((change) => change.split('. ')[0])).toEqual([
      'MCP: tool delete_recording: removed (or renamed)',
      'MCP: tool get_recording, argument "include": added as a required field',
    ]);
    now.mcp.tools.delete_recording = current.mcp.tools.delete_recording!;
    now.mcp.tools.get_recording!.inputs.include!.required = false;
    expect(changesBetween(current, now)).toEqual([]);
  });

  it('an MCP prompt renamed, or an argument it now requires, breaks the commands that fetch it; a snapshot from before prompts promised none', () => {
    const now = copy(current);
    now.mcp.prompts!.review_period = now.mcp.prompts!.review_recordings!;
    delete now.mcp.prompts!.review_recordings;
    now.mcp.prompts!.request_screen_recording!.arguments.email!.required = true;
    expect(changesBetween(current, now).map((change) => change.split('. ')[0])).toEqual([
      'MCP: prompt request_screen_recording, argument "email": now required',
      'MCP: prompt review_recordings: removed (or renamed)',
    ]);
    const beforePrompts = copy(current);
    delete beforePrompts.mcp.prompts;
    expect(changesBetween(beforePrompts, current)).toEqual([]);
  });

  it('a Node-RED property renamed, a credential removed or an operation dropped names the node and the flows', () => {
    const now = copy(current);
    const action = now.nodeRed.nodes.screenrec!;
    action.properties.reference = action.properties.externalReference!;
    delete action.properties.externalReference;
    action.properties.operation!.values = action.properties.operation!.values!.filter((value) => value !== 'searchTags');
    delete now.nodeRed.nodes['screenrec-connection']!.credentials.apiKey;
    expect(changesBetween(current, now)).toEqual([
      'Node-RED: node screenrec, property "externalReference": removed (or renamed). Every saved flow with a screenrec node would lose that setting on its next deploy. Keep the property as it was (a node may read an old property and map it onto a new one).',
      'Node-RED: node screenrec, property "operation": no longer accepts "searchTags". Every saved flow with a screenrec node would lose that setting on its next deploy. Keep the property as it was (a node may read an old property and map it onto a new one).',
      'Node-RED: node screenrec-connection, credential "apiKey": removed (or renamed). Every saved flow with a screenrec-connection node would lose that setting on its next deploy. Keep the property as it was (a node may read an old property and map it onto a new one).',
    ]);
  });

  it('a Node-RED node type removed breaks every flow that holds one', () => {
    const now = copy(current);
    delete now.nodeRed.nodes['screenrec-wait'];
    expect(changesBetween(current, now).map((change) => change.split('. ')[0])).toEqual([
      'Node-RED: node screenrec-wait: removed (or renamed)',
    ]);
  });

  it('an SDK export removed, renamed or left only as a type breaks the programs that import it', () => {
    const now = copy(current);
    const node = now.sdk!.entries['.']!;
    node.values = node.values.filter((name) => name !== 'RestClient' && name !== 'sleep');
    node.types.push('sleep');
    const portable = now.sdk!.entries['./portable']!;
    portable.values = portable.values.map((name) => (name === 'NotFoundError' ? 'MissingRecordingError' : name));
    portable.types = portable.types.filter((name) => name !== 'Transport');
    expect(changesBetween(current, now)).toEqual([
      'SDK: entry ".", export RestClient: removed (or renamed). Every program that uses it would fail to build or to run. Keep it (it may be marked @deprecated), or release a new major version of the SDK.',
      'SDK: entry ".", export sleep: no longer a value (only a type). Every program that uses it would fail to build or to run. Keep it (it may be marked @deprecated), or release a new major version of the SDK.',
      'SDK: entry "./portable", export NotFoundError: removed (or renamed). Every program that uses it would fail to build or to run. Keep it (it may be marked @deprecated), or release a new major version of the SDK.',
      'SDK: entry "./portable", type Transport: removed (or renamed). Every TypeScript program that names it would fail to type-check. Keep it (it may be marked @deprecated), or release a new major version of the SDK.',
    ]);
  });

  it('an SDK entry removed breaks every program that imports from it; a new major version passes; a snapshot from before the SDK promised none', () => {
    const now = copy(current);
    delete now.sdk!.entries['./portable'];
    expect(changesBetween(current, now).map((change) => change.split('. ')[0])).toEqual(['SDK: entry "./portable": removed (or renamed)']);
    now.sdk!.version = `${Number(current.sdk!.version.split('.')[0]) + 1}.0.0`;
    expect(changesBetween(current, now)).toEqual([]);
    const beforeSdk = copy(current);
    delete beforeSdk.sdk;
    expect(changesBetween(beforeSdk, current)).toEqual([]);
  });

  it('additions pass: a new step, node, tool, optional field, output field, option value, SDK export or entry', () => {
    const now = copy(current);
    now.zapier.operations['searches.findVideo'] = { label: 'Find Video', hidden: false, inputFields: {}, outputFields: ['videoUrl'] };
    now.zapier.operations['triggers.videoReady']!.outputFields.push('duration');
    now.zapier.operations['creates.createRecording']!.inputFields.comment = { type: 'text', required: false };
    now.n8n.nodes.screenRecWaiter = { displayName: 'ScreenRec Waiter', versions: { '1': {} } };
    now.mcp.tools.summarize_recording = { title: 'Summarize recording', inputs: { recordingId: { type: 'string', required: true } } };
    const statuses = Object.values(now.mcp.tools.find_recordings!.inputs).find((input) => input.values?.includes('COMPLETED'));
    statuses!.values!.push('ARCHIVED');
    now.nodeRed.nodes.screenrec!.properties.title = { type: 'string', required: false };
    now.nodeRed.nodes['screenrec-archive'] = { properties: {}, credentials: {} };
    now.sdk!.entries['.']!.values.push('ArchiveClient');
    now.sdk!.entries['./portable']!.types.push('ArchiveOptions');
    now.sdk!.entries['./web'] = { values: ['RestClient'], types: [] };
    const retyped = now.sdk!.entries['.']!;
    retyped.types = retyped.types.filter((name) => name !== 'CallOptions');
    retyped.values.push('CallOptions');
    expect(changesBetween(current, now)).toEqual([]);
  });
});
