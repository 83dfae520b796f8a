import { clientRunsOfEveryTool } from './clients-every-tool';

// The MCP Inspector's CLI, one process per call as a developer runs it, drives every tool of the built bin against
// the reference server over stdio and Streamable HTTP, as the SDK clients do in clients.test.ts.
jest.setTimeout(180_000);

clientRunsOfEveryTool([
  ['inspector', 'stdio', "the MCP Inspector's CLI"],
  ['inspector', 'http', "the MCP Inspector's CLI"],
]);
