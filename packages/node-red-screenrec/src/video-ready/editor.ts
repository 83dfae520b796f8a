import { OPERATIONS } from 'screenrec';
import { CONNECTION_FIELDS } from '../connection/fields';
import { VIDEO_READY_TYPE } from './runtime';
import { RECEIVER_PATH } from './receiver';
import { SUBSCRIPTION_CONTEXT_KEY } from './subscriptions';
import { CATCH_UP_HOURS, CATCH_UP_LIMIT } from './catch-up';
import { helpEntry, helpList, nodeHtml, prose, scriptJson } from '../editor/markup';
import { COMMON_DEFAULTS, COMMON_ROWS, flowNodeRegistration } from '../editor/palette';

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
    helpEntry(
      'payload.videoUrl',
      'string',
      "The temporary link to the video: a fresh one from ScreenRec when it confirmed the recording, else the notification's own.",
    ),
    helpEntry(
      'payload.linkConfirmed',
      'boolean',
      'False when the link is on another host than the Service URL and ScreenRec did not confirm it (payload.detailsError says why): it is sent on so that no video is lost, but check where it points before you use it.',
    ),
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
  `<p>${prose(`When deployed, the node subscribes an address of its own with ScreenRec: the connection's ${publicUrl.label} followed by \`${RECEIVER_PATH}/\` and a secret of its own. ScreenRec delivers to https addresses only. A request without the node's secret is refused and starts nothing.`)}</p>`,
  `<p>${prose(`The node keeps its address and subscription across a redeploy that keeps the node and its connection (a full deploy, the editor's default, included), so a video that finishes meanwhile still arrives; it removes the subscription when the node is removed or disabled, or when its connection changes (then it subscribes a new address). With a persistent context store (\`contextStorage: { default: { module: 'localfilesystem' } }\` in settings.js) it also keeps them across a restart of Node-RED: the node's context (key \`${SUBSCRIPTION_CONTEXT_KEY}\`) holds the subscription's ID and a digest, never the secret. With Node-RED's default memory-only context, a restart subscribes a new address, and the old one answers 410 when ScreenRec next posts there, so ScreenRec drops it.`)}</p>`,
  `<p>${prose(`A video that finishes while Node-RED is down still gets its message, once. While Node-RED starts up, the address answers 503 (send later) rather than 410, so a notification ScreenRec sends again then is not dropped. And after a restart, with a persistent context store and the connection's Workspace ID and API Key, the node looks through the recordings created in the last ${CATCH_UP_HOURS} hours (at most ${CATCH_UP_LIMIT.toLocaleString('en-US')}, newest first) for finished ones it has neither sent on nor found finished when it subscribed, and sends each with a fresh link. A recording created before that window is not looked for.`)}</p>`,
  '<p>Each notification is answered at once, then looked up and sent on, even when the node is redeployed meanwhile; a video ScreenRec delivers twice sends one message. A notification answered whose message cannot be sent (the node was removed, or Node-RED stopped, before its lookup ended) is logged as an error.</p>',
].join('\n');

export const videoReadyHtml = nodeHtml(VIDEO_READY_TYPE, registration, form, help);
