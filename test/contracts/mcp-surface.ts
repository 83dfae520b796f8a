import packageJson from '../../packages/mcp-server/package.json';
import { spawnStdioServer } from '../../packages/mcp-server/test/stdio-bin';
import { sortedRecord, type InputContract, type McpContract } from './surface';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** Every setting filled in, so that the tools offered only with a backend token are listed too. */
const EVERY_SETTING = {
  SCREENREC_BASE_URL: 'https://screenrec.invalid',
  SCREENREC_WORKSPACE_ID: '0b7c9e2a-1d3f-4a5b-8c6d-7e8f9a0b1c2d',
  SCREENREC_API_KEY: 'contract-check-api-key',
  SCREENREC_BACKEND_TOKEN: 'contract-check-backend-token',
};

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf !== undefined) return [...new Set(schema.anyOf.map(typeOf))].sort().join(' | ');
  const type = Array.isArray(schema.type) ? [...schema.type].sort().join(' | ') : (schema.type ?? 'any');
  return type === 'array' && schema.items !== undefined ? `array of ${typeOf(schema.items)}` : type;
}

function argumentContract(schema: JsonSchema, required: boolean): InputContract {
  const contract: InputContract = { type: typeOf(schema), required };
  const values = schema.enum ?? schema.items?.enum;
  if (values !== undefined) contract.values = values.map(String).sort();
  return contract;
}

/** The MCP server's promise, as a client lists it from the built bin: each tool's and each prompt's name and arguments. */
export async function mcpSurface(): Promise<McpContract> {
  const server = await spawnStdioServer(EVERY_SETTING);
  try {
    const { tools } = await server.client.listTools();
    const { prompts } = await server.client.listPrompts();
    return {
      version: packageJson.version,
      tools: sortedRecord(
        tools.map((tool) => {
          const schema = tool.inputSchema as JsonSchema;
          const required = new Set(schema.required ?? []);
          const inputs = Object.entries(schema.properties ?? {}).map(([name, property]): [string, InputContract] => [
            name,
            argumentContract(property, required.has(name)),
          ]);
          return [tool.name, { title: tool.title ?? tool.annotations?.title ?? tool.name, inputs: sortedRecord(inputs) }];
        }),
      ),
      prompts: sortedRecord(
        prompts.map((prompt) => [
          prompt.name,
          {
            title: prompt.title ?? prompt.name,
            arguments: sortedRecord(
              (prompt.arguments ?? []).map((argument): [string, InputContract] => [
                argument.name,
                { type: 'string', required: argument.required ?? false },
              ]),
            ),
          },
        ]),
      ),
    };
  } finally {
    await server.close();
  }
}
