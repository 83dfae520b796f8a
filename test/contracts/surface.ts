/**
 * What each release promises its users, in the shape the guard compares: the keys, types and required flags that
 * Zaps, saved n8n workflows, Node-RED flows and agent prompts are built on, and the names programs import from the SDK. Labels, descriptions and help texts are not part of it:
 * changing them breaks nobody.
 */

/** One input a user fills in (a Zapier field, an n8n parameter or credential field, an MCP tool argument). */
export interface InputContract {
  type: string;
  required: boolean;
  /** Zapier: the field takes a list. */
  list?: boolean;
  /** The values a saved step may hold for it (static choices, n8n options, MCP enum). */
  values?: string[];
  /** n8n resource locator modes (`list`, `id`, `url`). */
  modes?: string[];
}

export interface ZapierOperationContract {
  /** What the user sees the step as, to name it in a failure (labels are not guarded). */
  label: string;
  hidden: boolean;
  inputFields: Record<string, InputContract>;
  outputFields: string[];
}

export interface ZapierContract {
  version: string;
  authFields: Record<string, InputContract>;
  /** Keyed `triggers.videoReady`, `creates.createRecording`, `searches.findRecording`. */
  operations: Record<string, ZapierOperationContract>;
}

export interface N8nNodeContract {
  displayName: string;
  /** Every version a saved workflow may name, with the parameters that version shows. */
  versions: Record<string, Record<string, InputContract>>;
  /**
   * A node an AI agent uses as a tool: by version and operation (`recording.create`), the `$fromAI` argument names
   * n8n's editor gives its fields (saved agent workflows and their tool descriptions use them). Absent from a
   * snapshot taken before they were guarded: that release promised none.
   */
  fromAi?: Record<string, Record<string, string[]>>;
}

export interface N8nContract {
  version: string;
  credentials: Record<string, Record<string, InputContract>>;
  nodes: Record<string, N8nNodeContract>;
}

export interface McpToolContract {
  title: string;
  inputs: Record<string, InputContract>;
}

/** An MCP prompt: its arguments (always strings) by name; a client's saved command or a script fetches it by name. */
export interface McpPromptContract {
  title: string;
  arguments: Record<string, InputContract>;
}

export interface McpContract {
  version: string;
  tools: Record<string, McpToolContract>;
  /** Absent from a snapshot taken before the server had prompts: that release promised none. */
  prompts?: Record<string, McpPromptContract>;
}

export interface NodeRedNodeContract {
  /** The node's properties as a saved flow holds them (flows.json), a config node's type as the type of a reference. */
  properties: Record<string, InputContract>;
  /** Its credentials (flows_cred.json). */
  credentials: Record<string, InputContract>;
}

export interface NodeRedContract {
  version: string;
  /** Keyed by node type, as a saved flow names it. */
  nodes: Record<string, NodeRedNodeContract>;
}

/** One entry of the SDK's `exports` (`.`, `./portable`): the names a program imports from it. */
export interface SdkEntryContract {
  /** Classes, functions and constants: what the module holds at run time. */
  values: string[];
  /** The other names its declarations export: interfaces and type aliases. */
  types: string[];
}

export interface SdkContract {
  version: string;
  /** Keyed by the entry as the package's `exports` names it. */
  entries: Record<string, SdkEntryContract>;
}

export interface ReleasedContract {
  zapier: ZapierContract;
  n8n: N8nContract;
  mcp: McpContract;
  nodeRed: NodeRedContract;
  /** The JavaScript SDK (packages/core). Absent from a snapshot taken before it was published: that release promised none. */
  sdk?: SdkContract;
}

/** Keys sorted, so that the committed snapshot reads the same however the definitions are ordered. */
export function sortedRecord<T>(entries: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => a.localeCompare(b)));
}
