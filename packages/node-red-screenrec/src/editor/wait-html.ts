import { OPERATIONS } from 'screenrec';
import { fieldSpec } from '../fields';
import { DEFAULT_TIME_LIMIT_MINUTES, WAIT_TYPE } from '../nodes/wait-node';
import { escape, helpEntry, helpList, nodeHtml, prose, scriptJson } from './markup';
import { COMMON_DEFAULTS, COMMON_ROWS, flowNodeRegistration } from './palette';

const { name, summary } = OPERATIONS.waitForVideo;
const recordingId = fieldSpec('recordingId');

const form = [
  ...COMMON_ROWS,
  `<div class="form-row"><label for="node-input-recordingId">${escape(recordingId.label)}</label><input type="text" id="node-input-recordingId" placeholder="${escape(recordingId.placeholder ?? '')}" style="width:70%"></div>`,
  '<div class="form-row"><label for="node-input-timeLimit">Time Limit (min)</label><input type="number" min="1" id="node-input-timeLimit" style="width:100px"></div>',
].join('\n');

const defaults = {
  ...COMMON_DEFAULTS,
  recordingId: { value: '' },
  timeLimit: { value: DEFAULT_TIME_LIMIT_MINUTES, required: true },
};

const registration = flowNodeRegistration({
  type: WAIT_TYPE,
  defaults,
  numbers: ['timeLimit'],
  inputs: 1,
  paletteLabel: name.toLowerCase(),
  label: scriptJson(name),
});

const help = [
  `<p>${prose(`${summary} It holds each message until its recording is COMPLETED, then sends it on; place it after the step that sends someone the recording's link.`)}</p>`,
  '<h3>Inputs</h3>',
  helpList([
    helpEntry(
      'payload.recordingId',
      'string',
      `The recording to wait for, when the node's ${recordingId.label} is empty. \`msg.payload.id\` works too, so the output of ${OPERATIONS.requestRecording.name} or ${OPERATIONS.getRecording.name} can come straight in.`,
      true,
    ),
  ]),
  '<h3>Outputs</h3>',
  helpList([
    helpEntry(
      'payload',
      'object',
      `The finished recording (as ${OPERATIONS.getRecording.name} outputs it) with \`recordingId\`, \`videoUrl\` (a temporary link to the video) and \`videoKey\` (the link without its query, the same however often it is re-signed).`,
    ),
  ]),
  '<h3>Properties</h3>',
  helpList([
    helpEntry('Connection', 'screenrec-connection', 'The ScreenRec connection to use; it needs the Workspace ID and API Key.'),
    helpEntry(recordingId.label, 'string', `${recordingId.help} Left empty, it comes from the message.`),
    helpEntry(
      'Time Limit (min)',
      'number',
      `How long a message is held at most (default ${DEFAULT_TIME_LIMIT_MINUTES} minutes); then the wait ends with a DEADLINE error that a Catch node receives.`,
    ),
  ]),
  '<h3>Details</h3>',
  "<p>The node asks ScreenRec for the recording's status at once, then less and less often (at most every 10 s). Its status shows how many messages it holds. Redeploying or stopping Node-RED ends every wait: the held messages are dropped and nothing is left running.</p>",
].join('\n');

export const waitHtml = nodeHtml(WAIT_TYPE, registration, form, help);
