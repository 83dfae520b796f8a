import {
  InvalidInputError,
  NEW_TEXT_INPUT_NAMES,
  OPERATIONS,
  RECORDING_FIELDS,
  RECORDING_TEXT_FIELD_KEYS,
  describeFieldErrors,
  eitherOf,
  givenTexts,
  inputKey,
  invalidInputMessage,
  newTextInputName,
  recordingChanges,
  textFieldNoun,
  type NewTextInputName,
  type RecordingTexts,
  type UpdateRecordingRequest,
} from 'screenrec';
import * as z from 'zod';
import { describeRecording } from './describe';
import { TOOL_ICONS } from '../icons';
import { fromOperation, toolShape } from './catalogue';
import { defineTool } from './tool';

const operation = OPERATIONS.updateRecording;
const TAGS = inputKey('newTags', 'mcp');
/** Each text field with the argument MCP released for it. */
const TEXT_ARGUMENTS = RECORDING_TEXT_FIELD_KEYS.map((key) => ({ key, argument: inputKey(newTextInputName(key), 'mcp') }));

/** An update with neither tags nor any text field: refused, naming the field, before anything is sent. */
export const NOTHING_TO_CHANGE = [
  {
    path: TAGS,
    message: `give ${eitherOf([TAGS, ...TEXT_ARGUMENTS.map(({ argument }) => argument)])} (${TEXT_ARGUMENTS.length > 1 ? 'or several' : 'or both'}): there is nothing to change`,
  },
];

/** MCP's words for each text field's argument: in JSON, "" is given on purpose. */
const TEXT_HELP = Object.fromEntries(
  RECORDING_TEXT_FIELD_KEYS.map((key) => [newTextInputName(key), `The new ${textFieldNoun(key)}; replaces the current one. "" clears it.`]),
) as Record<NewTextInputName, string>;

/** What an empty list or text does, for the tool description. */
const CLEARING = [
  `${TAGS}: [] removes every tag`,
  ...TEXT_ARGUMENTS.map(({ key, argument }) => `${argument}: "" clears the ${RECORDING_FIELDS[key].label.toLowerCase()}`),
];

/**
 * Irregular: MCP's own update rule. A model fills in JSON, where an empty list or text is given on purpose, so
 * `tags: []` removes every tag and `comment: ""` clears the comment (on a form, empty means "keep").
 */
export const updateRecording = defineTool({
  ...fromOperation(
    operation,
    'Each field given REPLACES the current value (tags are not merged: read them with get_recording first to add or ' +
      `remove one); a field left out stays as it is. ${CLEARING.slice(0, -1).join(', ')}, and ${CLEARING.at(-1) ?? ''}.`,
  ),
  serviceInterface: 'rest',
  input: z.strictObject(
    toolShape(['recordingId', 'newTags', ...NEW_TEXT_INPUT_NAMES], ['recordingId'], {
      newTags:
        "The recording's new tags. They REPLACE all current tags: to add one, pass the current tags plus the new one. [] removes every tag.",
      ...TEXT_HELP,
    }),
  ),
  output: operation.output,
  icons: TOOL_ICONS.edit,
  showsCard: true,
  async run({ recordingId, tags, ...texts }, call, connections) {
    const recording = await connections.rest().updateRecording(recordingId, changesOf(tags, texts), call);
    return { structured: recording, text: `Updated recording ${describeRecording(recording)}.` };
  },
});

/** Core's one update rule, read as MCP's: a field left out keeps its value, `tags: []` is Remove All Tags, `comment: ""` clears. */
function changesOf(tags: string[] | undefined, texts: RecordingTexts): UpdateRecordingRequest {
  const given = givenTexts(texts);
  if (tags === undefined && Object.keys(given).length === 0) {
    throw new InvalidInputError(invalidInputMessage(describeFieldErrors(NOTHING_TO_CHANGE)), { fieldErrors: NOTHING_TO_CHANGE });
  }
  const cleared = givenTexts(texts, (text) => text.trim() === '');
  const written = givenTexts(texts, (text) => text.trim() !== '');
  const tagChange = tags === undefined ? {} : tags.length === 0 ? { removeAllTags: true } : { tags };
  const changes = tags === undefined && Object.keys(written).length === 0 ? {} : recordingChanges({ ...tagChange, ...written });
  return { ...changes, ...cleared };
}
