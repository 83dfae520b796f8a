/**
 * What a person should read in n8n's editor, written out here rather than imported from the package: a check must
 * fail when the package's wording drifts from what was agreed.
 */
export const SEEN = {
  /** The ScreenRec entry of the nodes panel (n8n shows the Video Ready trigger's description there, over every action too). */
  appDescription: 'Request screen recordings, find, tag and delete them, get their videos, and start a workflow when a video is ready',
  /** The polling trigger's own entry, and its description. */
  newRecordingEntry: 'ScreenRec New Recording Trigger',
  newRecordingDescription:
    'Starts the workflow when a new ScreenRec recording appears (checks on a schedule; no public n8n address needed)',
  /** The Video Ready trigger, as the nodes panel lists it among ScreenRec's triggers. */
  videoReadyEntry: 'On video ready',
  /** What n8n lists for a trigger without an Event parameter: what the Video Ready trigger must no longer be called. */
  genericTriggerEntry: 'On new ScreenRec event',
  connectionTested: 'Connection tested successfully',
  connectionFailed: 'Couldn’t connect with these settings',
  /** The credential test with a wrong API key: the field, what happened, and the advice once. */
  wrongApiKey:
    "API Key: The API key was rejected: it is wrong, revoked or expired. Create a new API key in the ScreenRec dashboard's API section and paste it into the API Key field of the ScreenRec account credential.",
  /** What activation needs, on the Video Ready trigger. */
  triggerNotice:
    "Publishing (activating) the workflow subscribes this trigger's webhook URL in ScreenRec, which needs the credential's Backend Token and an https URL: behind a proxy or tunnel, set n8n's WEBHOOK_URL to its public https address and restart n8n. The API Key (optional) lets the trigger confirm which recording a video belongs to.",
  /** The toast when the workflow is published with n8n's plain http webhook URL: what to change comes first. */
  httpWebhookToast: (webhookUrlStart: string) =>
    `Set n8n's WEBHOOK_URL to this instance's public https address (for example https://n8n.example.com/) and restart n8n: ScreenRec only delivers to https, and this workflow's webhook URL is ${webhookUrlStart}`,
  /** The polling trigger's notice names the field it means (drawn above it, so never "below"). */
  pollingNotice:
    "Checks ScreenRec for new recordings on the schedule set in Poll Times, with the credential's API Key. Each recording starts the workflow once; recordings from before activation are skipped.",
  /** Canvas subtitles: the operation in words. */
  subtitleGet: 'Get a recording',
  subtitleGetMany: 'Get many recordings',
  /** The operation n8n adds to a node whose credential authenticates requests, and what it says when picked. */
  customApiCall: 'Custom API Call',
  customApiCallNotice: "Use the HTTP Request node to make a custom API call. We'll take care of the ScreenRec auth for you.",
  /** The credential type as the HTTP Request node's Predefined Credential Type lists it, and the saved one's name. */
  credentialTypeName: 'ScreenRec API',
  savedCredentialName: 'ScreenRec account',
  /** The error when that timeout runs out (a download, or any operation): the hint says how to lift the limit. */
  timeoutHint: "Raise the node's Options → Timeout (Seconds), or set it to 0 for no limit.",
} as const;

/** A "From list" entry for a recording with no reference, status New, tag demo: its date names the zone, its ID start tells it apart. */
export const DEMO_LIST_ENTRY = /^New · \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d CES?T · demo · ID [0-9a-f]{8}$/;
