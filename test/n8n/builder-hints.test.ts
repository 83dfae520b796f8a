import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATIONS, OPERATION_NAMES, type CatalogueOperation } from 'screenrec';
import type { INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node.js';
import { ScreenRecNewRecordingTrigger } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecNewRecordingTrigger/ScreenRecNewRecordingTrigger.node.js';
import { ScreenRecTrigger } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecTrigger/ScreenRecTrigger.node.js';

const PACKAGE = (JSON.parse(readFileSync(join(__dirname, '../../packages/n8n-nodes-screenrec/package.json'), 'utf8')) as { name: string })
  .name;
const nodes = [new ScreenRec(), new ScreenRecTrigger(), new ScreenRecNewRecordingTrigger()];
const ownTypes = nodes.map((node) => `${PACKAGE}.${node.description.name}`);

// The shapes of n8n-workflow 2.41's IBuilderHint and IParameterBuilderHint, as far as these nodes use them; strict, so
// a misspelt key fails here rather than being ignored by n8n.
const nodeBuilderHint = z.strictObject({
  searchHint: z.string().min(80),
  relatedNodes: z
    .array(z.strictObject({ nodeType: z.string().regex(/^(@[a-z0-9-]+\/)?[a-z0-9-]+\.[a-zA-Z0-9]+$/), relationHint: z.string().min(15) }))
    .min(3),
});
const parameterBuilderHint = z.strictObject({ propertyHint: z.string().min(30) });

/** Every parameter, nested ones (a collection's options, a fixed collection's values) included. */
function parametersOf(properties: readonly INodeProperties[]): INodeProperties[] {
  return properties.flatMap((property) => [
    property,
    ...parametersOf(
      (property.options ?? []).flatMap((option) =>
        'displayName' in option && 'type' in option ? [option] : 'values' in option ? option.values : [],
      ),
    ),
  ]);
}

const hinted = (properties: readonly INodeProperties[]) =>
  parametersOf(properties).flatMap((parameter) => ('builderHint' in parameter ? [{ parameter, hint: parameter.builderHint }] : []));

/** Every hint text a builder reads. */
function hintTexts(): string[] {
  return nodes.flatMap(({ description }) => [
    description.builderHint.searchHint,
    ...description.builderHint.relatedNodes.map((related) => related.relationHint),
    ...hinted(description.properties).map(({ hint }) => parameterBuilderHint.parse(hint).propertyHint),
  ]);
}

describe("hints for n8n's AI workflow builder", () => {
  test.each(nodes.map((node) => [node.description.displayName, node] as const))(
    '%s says what it is for and which nodes go with it, in the shape n8n 2.41 reads',
    (_name, { description }) => {
      const hint = nodeBuilderHint.parse(description.builderHint);
      expect(hint.relatedNodes.map((related) => related.nodeType)).not.toContain(`${PACKAGE}.${description.name}`);
      for (const { nodeType } of hint.relatedNodes.filter((related) => related.nodeType.startsWith(`${PACKAGE}.`))) {
        expect(ownTypes).toContain(nodeType);
      }
    },
  );

  test('the trigger is found for "when someone finishes their recording, post the video to Slack"', () => {
    const { builderHint } = new ScreenRecTrigger().description;
    expect(builderHint.searchHint).toContain('when someone finishes their recording, post the video to Slack');
    expect(builderHint.relatedNodes.map((related) => related.nodeType)).toContain('n8n-nodes-base.slack');
  });

  test('the fields a builder fills carry how to fill them: recording, e-mail, external reference, tags', () => {
    const hintedNames = (properties: readonly INodeProperties[]) =>
      [...new Set(hinted(properties).map(({ parameter }) => parameter.name))].sort();
    const [screenRec, trigger, polling] = nodes.map((node) => hintedNames(node.description.properties));
    expect(screenRec).toEqual(['email', 'externalReference', 'recordingId', 'tags']);
    expect(trigger).toEqual(['includeRecording']);
    expect(polling).toEqual(['statuses', 'tags']);
    // Every operation on one recording (the catalogue's operations with a recordingId input) hints its Recording field.
    const recordingFields = parametersOf(new ScreenRec().description.properties).filter((parameter) => parameter.name === 'recordingId');
    const onOneRecording = OPERATION_NAMES.flatMap((name) => {
      const { keys, inputs }: CatalogueOperation = OPERATIONS[name];
      return keys.n8n !== undefined && inputs.includes('recordingId') ? [keys.n8n] : [];
    });
    const shownFor = (field: INodeProperties) =>
      (field.displayOptions?.show?.operation ?? []).flatMap((operation) =>
        (field.displayOptions?.show?.resource ?? []).map((resource) => `${String(resource)}.${String(operation)}`),
      );
    expect(recordingFields.flatMap(shownFor).sort()).toEqual(onOneRecording.sort());
    for (const field of recordingFields) expect('builderHint' in field).toBe(true);
  });

  test('every parameter hint is well formed, and none is on a resource, operation or mode choice (n8n 2.41 refuses those)', () => {
    for (const { description } of nodes) {
      for (const { parameter, hint } of hinted(description.properties)) {
        parameterBuilderHint.parse(hint);
        expect([parameter.name, parameter.type]).not.toEqual([expect.stringMatching(/^(resource|operation|mode)$/), 'options']);
      }
    }
  });

  test("no hint holds what n8n's builder must not copy: a wire-format expression or a connection type's name", () => {
    const texts = hintTexts();
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter((text) => text.includes('={{') || /\bai_[a-zA-Z]+/.test(text))).toEqual([]);
  });
});
