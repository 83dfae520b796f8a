#!/usr/bin/env node
import { USAGE, UsageError, parseOptions } from './options';
import { startServer, type ListeningServer } from './server';

/** `npm start`: stdout carries one JSON line ({"event":"listening",…}) for tools; logs and the hint go to stderr. */
async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stderr.write(USAGE);
    return;
  }
  const server = await startServer(options);
  const { baseUrl, storageUrl, adminToken, demo } = server;
  process.stdout.write(`${JSON.stringify({ event: 'listening', baseUrl, storageUrl, adminToken, demo })}\n`);
  process.stderr.write(hint(server));
  const stop = async () => {
    await server.close().catch((error: unknown) => exitWith('error while stopping', error));
    process.exit(0);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

function exitWith(what: string, error: unknown): never {
  process.stderr.write(`${what}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

function hint({ publicUrl, demo }: ListeningServer): string {
  return `
ScreenRec reference server at ${publicUrl} (Ctrl+C stops it)
  Zapier app: Service URL ${publicUrl}, backend token = demo.tokens.ZAPIER from the JSON line above
              (for the REST features also workspace ID ${demo.workspaceId} and API key = demo.apiKey)
  n8n node:   ScreenRec credential with Service URL ${publicUrl}, backend token = demo.tokens.N8N
              (workspace ID ${demo.workspaceId}, API key = demo.apiKey)
  Node-RED:   ScreenRec connection with Service URL ${publicUrl}, workspace ID ${demo.workspaceId}, API key = demo.apiKey
              (backend token = demo.tokens.N8N for Create Recording Link and Video Ready)
  Dashboard stand-in: the admin API under ${publicUrl}/admin with header x-admin-token = adminToken
`;
}

main().catch((error: unknown) => exitWith('could not start', error));
