import { HOOK_PROVIDERS, type HookProvider } from 'screenrec';

/**
 * The ScreenRec connection's fields, with the names and labels of the n8n credential, declared once: the config
 * node's defaults and credentials, its dialog, its help and the messages that name a field are all made from here.
 */
export interface ConnectionFieldSpec {
  label: string;
  /** A Node-RED credential of type password (kept in flows_cred.json, never in the flow file) or a plain property. */
  secret: boolean;
  placeholder?: string;
  help: string;
  /** What to do to fill it, for a message that says it is missing. */
  whereToFind: string;
}

export const INTEGRATION_AUTO = 'auto';
export type Integration = typeof INTEGRATION_AUTO | HookProvider;
export const INTEGRATION_CHOICES: ReadonlyArray<{ value: Integration; label: string }> = [
  { value: INTEGRATION_AUTO, label: 'Find out from ScreenRec' },
  ...HOOK_PROVIDERS.map((provider) => ({ value: provider, label: provider === 'N8N' ? 'n8n integration' : 'Zapier integration' })),
];

export const CONNECTION_FIELDS = {
  serviceUrl: {
    label: 'Service URL',
    secret: false,
    placeholder: 'https://api.screenrec.example',
    help: 'The address of the ScreenRec service, without a path. Credentials are only sent to it over https (plain http only to this machine).',
    whereToFind: 'the address of the ScreenRec service, without a path',
  },
  workspaceId: {
    label: 'Workspace ID',
    secret: false,
    placeholder: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
    help: "The workspace's UUID, shown in the ScreenRec dashboard's API section. Needed, with the API Key, by every operation except Create Recording Link.",
    whereToFind: "the workspace's UUID, shown in the ScreenRec dashboard's API section",
  },
  apiKey: {
    label: 'API Key',
    secret: true,
    help: "Created by a workspace owner in the dashboard's API section, after turning API access on. Needed by every operation except Create Recording Link, by Wait for Video, and by Video Ready to look up which recording a video belongs to.",
    whereToFind: "a workspace owner creates one in the ScreenRec dashboard's API section, after turning API access on",
  },
  backendToken: {
    label: 'Backend Token',
    secret: true,
    help: "Optional. ScreenRec's automation hook knows two integrations, n8n and Zapier: press Setup on either in the ScreenRec dashboard and copy the token it shows. Needed only by Create Recording Link and the Video Ready node; everything else works with the API Key alone.",
    whereToFind: 'press Setup on the n8n or the Zapier integration in the ScreenRec dashboard and copy the token it shows',
  },
  integration: {
    label: 'Integration',
    secret: false,
    help: 'Which integration the Backend Token belongs to. Left on "Find out from ScreenRec", the first use asks ScreenRec (a PING with each integration, which creates nothing) and remembers the answer.',
    whereToFind: 'the integration whose Setup button gave the Backend Token',
  },
  publicUrl: {
    label: 'Public URL',
    secret: false,
    placeholder: 'https://nodered.example.com',
    help: "The address at which ScreenRec reaches this Node-RED's HTTP endpoints (where HTTP In nodes are served, including httpNodeRoot). The Video Ready node subscribes an address under it; ScreenRec delivers to https addresses only.",
    whereToFind: "this Node-RED's public https address, where its HTTP In nodes are reached",
  },
} as const satisfies Record<string, ConnectionFieldSpec>;

export type ConnectionFieldName = keyof typeof CONNECTION_FIELDS;
export const SECRET_FIELDS = ['apiKey', 'backendToken'] as const satisfies readonly ConnectionFieldName[];
export type SecretFieldName = (typeof SECRET_FIELDS)[number];
