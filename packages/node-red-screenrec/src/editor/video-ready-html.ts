import { OPERATIONS } from 'screenrec';
import { CONNECTION_FIELDS } from '../connection-fields';
import { VIDEO_READY_TYPE } from '../nodes/video-ready-node';
import { RECEIVER_PATH } from '../receiver';
import { helpEntry, helpList, nodeHtml, prose, scriptJson } from './markup';
import { COMMON_DEFAULTS, COMMON_ROWS, flowNodeRegistration } from './palette';

const { backendToken, publicUrl } = CONNECTION_FIELDS;
const { name, summary } = OPERATIONS.videoReady;
const NEEDS = `This node needs the connection's ${backendToken.label} (of the n8n or Zapier integration) and its ${publicUrl.label}. With the Workspace ID and API Key too, it also confirms which recording each video belongs to.`;

const form = [...COMMON_ROWS, `<div class="form-tips" id="screenrec-video-ready-needs">${prose(NEEDS)}</div>`].join('\n');

const registration = flowNodeRegistration({
  type: VIDEO_READY_TYPE,
  defaults: COMMON_DEFAULTS,
  inputs: 0,
  paletteLabel: name.toLowerCase(),
  label: scriptJson(name),
});

const help = [
  `<p>${prose(`${summary} It sends a message each time: ScreenRec notifies this Node-RED as soon as a recording is finished.`)}</p>`,
  '<h3>Outputs</h3>',
  helpList([
    helpEntry('payload.videoUrl', 'string', 'The temporary link to the video, as ScreenRec sent it.'),
    helpEntry('payload.videoKey', 'string', 'The link without its query: the same for one video however often its link is re-signed.'),
    helpEntry(
      'payload.recordingId',
      'string | null',
      'The recording the video belongs to, when ScreenRec confirmed it (needs the Workspace ID and API Key).',
    ),
    helpEntry('payload.recording', 'object | null', `The confirmed recording, as ${OPERATIONS.getRecording.name} outputs it.`),
    helpEntry('payload.detailsError', 'string | null', 'Why the recording is missing, when it is.'),
  ]),
  '<h3>Properties</h3>',
  helpList([helpEntry('Connection', 'screenrec-connection', NEEDS)]),
  '<h3>Details</h3>',
  `<p>${prose(`When deployed, the node subscribes an address of its own with ScreenRec: the connection's ${publicUrl.label} followed by \`${RECEIVER_PATH}/\` and a secret that is new each time the node starts. ScreenRec delivers to https addresses only. A request without the current secret is refused and starts nothing. When the node is removed, disabled or redeployed, and when Node-RED stops, it removes its subscription.`)}</p>`,
  '<p>Each notification is answered at once, then looked up; a video ScreenRec delivers twice sends one message.</p>',
].join('\n');

export const videoReadyHtml = nodeHtml(VIDEO_READY_TYPE, registration, form, help);
