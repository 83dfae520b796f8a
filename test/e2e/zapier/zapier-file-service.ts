import { createServer, type Server } from 'node:http';
import { listenOnLoopback, stopServer } from '../../support/loopback';

export interface StashedFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Plays Zapier's own file service on loopback, the one part of a file step that belongs to Zapier and
 * not to the app: z.stashFile asks Zapier's RPC (`get_presigned_upload_post_data`) for an upload slot and
 * POSTs the file there as multipart form data. zapier-platform-core reads the RPC address from
 * ZAPIER_BASE_ENDPOINT when it is loaded, so it must be loaded after `start()`.
 */
export class ZapierFileService {
  readonly stashed: StashedFile[] = [];
  private readonly server: Server;
  url = '';

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        if (request.url === '/platform/rpc/cli') {
          const { id } = JSON.parse(body.toString('utf8')) as { id: string };
          const key = `stash/${this.stashed.length + 1}/file`;
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ id, result: { url: `${this.url}/uploads/`, fields: { key } } }));
          return;
        }
        if (request.url === '/uploads/') {
          this.stashed.push(fileOf(body, request.headers['content-type'] ?? ''));
          response.writeHead(204).end();
          return;
        }
        response.writeHead(404).end();
      });
    });
  }

  async start(): Promise<string> {
    this.url = await listenOnLoopback(this.server);
    return this.url;
  }

  stop(): Promise<void> {
    return stopServer(this.server);
  }
}

/** The `file` part of a multipart/form-data upload, bytes untouched. */
function fileOf(body: Buffer, contentType: string): StashedFile {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (boundary === undefined) throw new Error(`upload without a multipart boundary: ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    if (/name="file"/.test(headers)) {
      return {
        filename: /filename="([^"]*)"/.exec(headers)?.[1] ?? '',
        contentType: /content-type:\s*(\S+)/i.exec(headers)?.[1] ?? '',
        bytes: Buffer.from(part.subarray(headerEnd + 4)),
      };
    }
    start = next;
  }
  throw new Error('upload without a file part');
}
