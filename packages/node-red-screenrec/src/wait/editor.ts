import { OPERATIONS } from 'screenrec';
import { fieldSpec } from '../fields';
import { DEFAULT_TIME_LIMIT_MINUTES, HELD_CONTEXT_KEY, WAIT_TYPE } from './node';
import { escape, helpEntry, helpList, nodeHtml, prose, scriptJson } from '../editor/markup';
import { COMMON_DEFAULTS, COMMON_ROWS, flowNodeRegistration } from '../editor/palette';

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
  "<p>The node asks ScreenRec for the recording's status at once, then less and less often (at most every 10 s). Its status shows how many messages it holds.</p>",
  '<h3>Held messages across redeploys and restarts</h3>',
  `<p>${prose("A redeploy (a full deploy, the editor's default, or one that changes the node or its connection) hands the held messages to the node's new instance, which carries each wait on, until the same Time Limit; its failures reach the Catch node of the running flow. Deleting or disabling the node ends its waits: each is logged as an error naming its recording.")}</p>`,
  `<p>${prose(`To keep held messages across a restart or a crash of Node-RED, give Node-RED a persistent context store in its settings.js: \`contextStorage: { default: { module: 'localfilesystem' } }\`. The node keeps what it holds in its node context (key \`${HELD_CONTEXT_KEY}\`, default store); after a restart it carries each wait on and sends its message once, when its video is ready. That store writes to disk every 30 seconds by default (\`config: { flushInterval: 30 }\`, in seconds): a crash loses what changed since the last write, so a message taken in within that interval is lost without a word, and one sent on within it may be sent again after the restart. A shorter \`flushInterval\`, or \`cache: false\` (every change written at once), narrows or closes that window.`)}</p>`,
  `<p>${prose("With Node-RED's default memory-only context, a restart ends the waits: the node's status says so while it holds messages, it warns in the log when it first holds one, and stopping Node-RED logs an error naming each recording whose message is dropped (a crash drops them with no word).")}</p>`,
  `<p>${prose("Across a restart a message is kept as JSON: its top-level properties that JSON cannot write (`msg.req` and `msg.res` of an HTTP In node, functions, circular values) are left out, and a Buffer comes back as `{ type: 'Buffer', data }`. Across a redeploy the message goes on as it was. A wait whose Time Limit passed while Node-RED was down ends with the DEADLINE error.")}</p>`,
].join('\n');

export const waitHtml = nodeHtml(WAIT_TYPE, registration, form, help);
