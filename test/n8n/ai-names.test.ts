import { INPUT_FIELDS, OPERATIONS, OPERATION_NAMES, inputKey, type InputField } from 'screenrec';
import type { INodeProperties } from 'n8n-workflow';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node.js';
import { editorFromAiKey, fromAiNames } from '../contracts/n8n-surface';

// The name a model fills a field by ($fromAI('<name>', …)) is fixed in core's catalogue (`aiName`). n8n's editor
// writes it from the field's display name when a builder presses ✨, and a saved workflow keeps what it wrote; so
// the name is true for saved and new workflows alike only when the field's display name gives it.

type CoreModule = typeof import('screenrec');
type NodeModule = typeof import('../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node');

const properties = new ScreenRec().description.properties;

/** The parameters shown for a catalogue operation, collections' fields included. */
function shownFor(operation: keyof typeof OPERATIONS): INodeProperties[] {
  const [resource, value] = (OPERATIONS[operation].keys as { n8n?: string }).n8n!.split('.');
  const flat = (list: readonly INodeProperties[]): INodeProperties[] =>
    list.flatMap((parameter) => (parameter.type === 'collection' ? flat(parameter.options as INodeProperties[]) : [parameter]));
  return flat(
    properties.filter(
      (parameter) =>
        parameter.displayOptions?.show?.resource?.includes(resource!) === true &&
        parameter.displayOptions.show.operation?.includes(value!) === true &&
        parameter.displayOptions.show['@tool'] === undefined,
    ),
  );
}

const nodeOperations = OPERATION_NAMES.filter((name) => (OPERATIONS[name].keys as { n8n?: string }).n8n?.includes('.'));

it.each(nodeOperations)("%s: each field a model may fill gets the catalogue's AI name from n8n's editor", (operation) => {
  const shown = shownFor(operation);
  const named = OPERATIONS[operation].inputs.flatMap((input) => {
    const field: InputField = INPUT_FIELDS[input];
    if (field.aiName === undefined) return [];
    const parameter = shown.find((candidate) => candidate.name === inputKey(input, 'n8n'));
    return [[input, parameter === undefined ? 'not shown' : editorFromAiKey(parameter.displayName), field.aiName]];
  });
  expect(named).toEqual(named.map(([input, , aiName]) => [input, aiName, aiName]));
});

it("the tool descriptions name each argument by the catalogue's AI name", () => {
  const request = properties.find(
    (parameter) => parameter.name === 'toolDescription' && parameter.displayOptions?.show?.operation?.includes('request'),
  );
  expect(String(request?.default)).toContain(`\n- Email: ${INPUT_FIELDS.email.help}\n`);
  expect(INPUT_FIELDS.email.label).not.toBe('Email');
});

it('a field without an AI name is never offered to a model: n8n shows it as a dropdown, which the editor gives no ✨', () => {
  const direction = shownFor('requestRecording').find((parameter) => parameter.name === 'direction');
  expect([direction?.type, (INPUT_FIELDS.direction as InputField).aiName]).toEqual(['options', undefined]);
});

it('renaming every label in the catalogue changes no AI argument name, nor the tool descriptions; other labels follow', () => {
  let renamed: { properties: INodeProperties[] } | undefined;
  jest.isolateModules(() => {
    const core = jest.requireActual<CoreModule>('screenrec');
    for (const field of Object.values(core.INPUT_FIELDS)) Object.assign(field, { label: `${field.label} Renamed` });
    for (const field of Object.values(core.RECORDING_FIELDS)) Object.assign(field, { label: `${field.label} Renamed` });
    const node = jest.requireActual<NodeModule>('../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node');
    renamed = { properties: new node.ScreenRec().description.properties };
  });
  const toolDescriptions = (list: INodeProperties[]) =>
    list.filter((parameter) => parameter.name === 'toolDescription').map((parameter) => parameter.default);
  expect(fromAiNames(renamed!.properties)).toEqual(fromAiNames(properties));
  expect(toolDescriptions(renamed!.properties)).toEqual(toolDescriptions(properties));
  const directionLabel = (list: INodeProperties[]) => list.find((parameter) => parameter.name === 'direction')?.displayName;
  expect([directionLabel(properties), directionLabel(renamed!.properties)]).toEqual(['Direction', 'Direction Renamed']);
});
