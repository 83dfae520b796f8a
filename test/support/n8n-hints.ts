/**
 * The n8n package's hints (an error's description: what the n8n user changes), written out once for every suite
 * that checks one. They are pinned here, not imported, because the package keeps its hint table private.
 */
const NEW_BACKEND_TOKEN =
  'In the ScreenRec dashboard, press Setup on the n8n integration, paste the new backend token into the Backend Token field of the ScreenRec account credential, then run the node again.';

export const N8N_HINT = {
  newBackendToken: NEW_BACKEND_TOKEN,
  /** BAD_REQUEST from the hook (a PING of a disconnected integration among them). */
  badHookRequest: `Check the Service URL in the ScreenRec account credential. ${NEW_BACKEND_TOKEN}`,
  newApiKey:
    "Create a new API key in the ScreenRec dashboard's API section and paste it into the API Key field of the ScreenRec account credential.",
  checkServiceAddress:
    "Check that the Service URL in the ScreenRec account credential is the ScreenRec service's address, not a web page or a proxy in front of it.",
  fixFields: 'Correct the fields named in the message and run the node again.',
  serviceSide: 'The problem is on ScreenRec\'s side. Run the node again later, or turn on the node\'s "Retry On Fail" setting.',
} as const;
