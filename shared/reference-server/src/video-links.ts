import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import type { Recording } from './model';
import { hmacHex, sameSecret } from './secrets';

/** `service`: /videos/{recordingId}?expires&signature; `storage`: an object store's pre-signed URL, not naming the recording. */
export const VIDEO_LINK_MODES = ['service', 'storage'] as const;
export type VideoLinkMode = (typeof VIDEO_LINK_MODES)[number];

export const STORAGE_BUCKET = 'screenrec-videos';
const MAX_STORAGE_EXPIRES_S = 7 * 24 * 60 * 60;

export type LinkCheck = 'valid' | 'missing' | 'tampered' | 'expired';

/** What the link signs: the recording it leads to, whichever path names (or hides) it. */
export type LinkTarget = Pick<Recording, 'id' | 'workspaceId'> & { extension: string };

/** Pre-signed video links: HMAC-SHA256 over what the path names and the expiry; storage mode hides the id. */
export class VideoLinks {
  private readonly objectKey: Buffer;

  constructor(
    private readonly signingKey: string,
    private readonly ttlMs = 60 * 60 * 1000,
    readonly mode: VideoLinkMode = 'service',
  ) {
    this.objectKey = createHash('sha256').update(`object-ids:${signingKey}`).digest();
  }

  sign(baseUrl: string, target: LinkTarget): string {
    if (this.mode === 'storage') return this.signStorage(baseUrl, target);
    const expires = Math.floor((Date.now() + this.ttlMs) / 1000);
    const signature = this.signatureOf(target.id, String(expires));
    return `${baseUrl}/videos/${target.id}?expires=${expires}&signature=${signature}`;
  }

  /** Checks a service link's query: `expires` (epoch seconds) signed with the recording id. */
  check(recordingId: string, query: Record<string, unknown>): LinkCheck {
    const [expires, signature] = [single(query.expires), single(query.signature)];
    if (!expires || !signature) return 'missing';
    if (!/^\d{1,12}$/.test(expires) || !sameSecret(signature, this.signatureOf(recordingId, expires))) return 'tampered';
    return Number(expires) * 1000 <= Date.now() ? 'expired' : 'valid';
  }

  /** The UUID's 16 bytes as one AES block under a key of the server's: opaque, stable and reversible, so no table is kept. */
  objectIdOf(recordingId: string): string {
    const cipher = createCipheriv('aes-256-ecb', this.objectKey, null).setAutoPadding(false);
    return Buffer.concat([cipher.update(Buffer.from(recordingId.replace(/-/g, ''), 'hex')), cipher.final()]).toString('hex');
  }

  recordingIdOf(objectId: string): string | undefined {
    if (!/^[0-9a-f]{32}$/.test(objectId)) return undefined;
    const decipher = createDecipheriv('aes-256-ecb', this.objectKey, null).setAutoPadding(false);
    const hex = Buffer.concat([decipher.update(Buffer.from(objectId, 'hex')), decipher.final()]).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** Checks a storage link's query: X-Amz-Date (yyyymmddThhmmssZ) plus X-Amz-Expires seconds, signed with the path. */
  checkStorage(path: string, query: Record<string, unknown>): LinkCheck {
    const [date, expires, signature] = [single(query['X-Amz-Date']), single(query['X-Amz-Expires']), single(query['X-Amz-Signature'])];
    if (!date || !expires || !signature) return 'missing';
    const issued = parseAmzDate(date);
    if (issued === undefined || !/^\d{1,7}$/.test(expires) || Number(expires) > MAX_STORAGE_EXPIRES_S) return 'tampered';
    if (!sameSecret(signature, this.storageSignatureOf(path, date, expires))) return 'tampered';
    return issued + Number(expires) * 1000 <= Date.now() ? 'expired' : 'valid';
  }

  private signStorage(baseUrl: string, target: LinkTarget): string {
    const path = storagePath(target.workspaceId, this.objectIdOf(target.id), target.extension);
    const date = amzDate(Date.now());
    const expires = String(Math.max(1, Math.floor(this.ttlMs / 1000)));
    const query = [
      'X-Amz-Algorithm=AWS4-HMAC-SHA256',
      `X-Amz-Date=${date}`,
      `X-Amz-Expires=${expires}`,
      'X-Amz-SignedHeaders=host',
      `X-Amz-Signature=${this.storageSignatureOf(path, date, expires)}`,
    ].join('&');
    return `${baseUrl}${path}?${query}`;
  }

  private signatureOf(recordingId: string, expires: string): string {
    return hmacHex(this.signingKey, `${recordingId}.${expires}`);
  }

  private storageSignatureOf(path: string, date: string, expires: string): string {
    return hmacHex(this.signingKey, `storage\n${path}\n${date}\n${expires}`);
  }
}

/** A query parameter given once (a repeated one is an array). */
const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function storagePath(workspaceId: string, objectId: string, extension: string): string {
  return `/storage/${STORAGE_BUCKET}/${workspaceId}/${objectId}.${extension}`;
}

function amzDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');
}

function parseAmzDate(text: string): number | undefined {
  const ms = /^\d{8}T\d{6}Z$/.test(text) ? Date.parse(text.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)/, '$1-$2-$3T$4:$5:')) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}
