/**
 * The runtime's words (node status texts and the node's log lines), by node type: the build writes each type's part to
 * `locales/en-US/<type>.json` beside the node's file, and the nodes read them with RED._ so a translation can replace
 * them. `__name__` marks a value filled in at run time, as Node-RED's i18n writes it.
 */
export const MESSAGES = {
  'screenrec-connection': {
    status: {},
    test: {
      storedUrlChanged:
        'The Service URL was changed: type the Backend Token and API Key again to test them against the new address (stored ones are only sent to the address they were saved with).',
      nothingToTest: 'Fill in the Backend Token or the Workspace ID and API Key to test them.',
      hookOk: 'Backend Token: accepted by workspace "__workspace__".',
      restOk: 'Workspace ID and API Key: accepted.',
    },
  },
  screenrec: {
    status: {
      running: '__operation__…',
      done: '__operation__: done',
      failed: '__operation__: __code__',
    },
    log: {
      finishedWithoutNode:
        '__operation__ finished after node __node__ was removed or Node-RED stopped, so its message goes nowhere: __outcome__',
      stoppedUnderWay:
        'Node-RED stopped while __operation__ was under way in node __node__: its message is dropped, and whether ScreenRec carried it out is not known (__recording__).',
      succeeded: 'it succeeded (__recording__)',
      failed: 'it failed: __reason__',
      noRecording: 'no recording named',
      recording: 'recording __recordingId__',
    },
  },
  'screenrec-wait': {
    status: {
      waiting: 'waiting for __count__ recording(s)',
      waitingInMemory: 'waiting for __count__ recording(s); a restart of Node-RED ends them',
      released: 'video ready',
      failed: '__code__',
    },
    log: {
      memoryOnly:
        "Node-RED's context is kept in memory only: a restart of Node-RED ends this node's waits and drops their messages (a redeploy does not). A persistent context store keeps them: see the node's help.",
      endedByStop:
        'Node-RED stopped while Wait for Video __node__ held the message for recording __recordingId__, and its context is kept in memory only: the message is dropped.',
      keptForStart:
        'Node-RED stopped while Wait for Video __node__ held the message for recording __recordingId__: it is kept in the context store, and the wait goes on when Node-RED starts again.',
      endedByRemoval: 'The node was removed or disabled while it held the message for recording __recordingId__: the message is dropped.',
      notSaved: 'The held messages could not be written to the context store, so a restart would lose them: __reason__',
      notRestored: 'The held messages in the context store could not be read, so they are not carried on: __reason__',
    },
  },
  'screenrec-video-ready': {
    status: {
      subscribing: 'subscribing…',
      listening: 'listening',
      received: 'video ready',
      needsConnection: 'needs a ScreenRec connection',
      needsToken: 'needs a Backend Token in the connection',
      needsPublicUrl: 'needs the Public URL in the connection',
      failed: '__code__',
    },
    log: {
      gone: 'ScreenRec posted a video-ready notification to an address no Video Ready node holds any more (a node removed or given another connection since it subscribed, or Node-RED restarted without a persistent context store): answered 410 so ScreenRec drops that subscription.',
      refused: 'Answered 400 and sent no message: __reason__',
      dropped: 'Sent no message: __reason__',
      notSentOn:
        'A video-ready notification was answered and looked up (recording __recording__), but Video Ready __node__ was removed or Node-RED stopped before its message could be sent: no message was sent.',
      stoppedLookingUp:
        'Node-RED stopped while Video Ready __node__ was looking up a video-ready notification it had answered: no message was sent for it.',
      notSaved: 'The subscription could not be written to the context store, so a restart will subscribe anew: __reason__',
      caughtUp: 'Sent __count__ video(s) that finished while Node-RED was down.',
      catchUpFailed: 'Could not look for videos that finished while Node-RED was down: __reason__',
    },
  },
} as const;

export type NodeType = keyof typeof MESSAGES;

/** A node's word, by its key under the type ("status.running"), with values for its `__name__` marks. */
export function word<T extends NodeType>(
  translate: (key: string, substitutions?: Record<string, string | number>) => string,
  type: T,
  key: string,
  substitutions?: Record<string, string | number>,
): string {
  return translate(`${type}.${key}`, substitutions);
}
