import { hmacHex, sameSecret } from './secrets';

export const DEFAULT_LINK_TTL_MS = 60 * 60 * 1000;

export type LinkCheck = 'valid' | 'missing' | 'tampered' | 'expired';

/** Pre-signed video links: HMAC-SHA256 over the recording id and the expiry (epoch seconds). */
export class VideoLinks {
  constructor(
    private readonly signingKey: string,
    private readonly ttlMs: number = DEFAULT_LINK_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  sign(baseUrl: string, recordingId: string): string {
    const expires = Math.floor((this.now() + this.ttlMs) / 1000);
    const signature = this.signatureOf(recordingId, String(expires));
    return `${baseUrl}/videos/${recordingId}?expires=${expires}&signature=${signature}`;
  }

  check(recordingId: string, expires: string | undefined, signature: string | undefined): LinkCheck {
    if (!expires || !signature) return 'missing';
    if (!/^\d{1,12}$/.test(expires) || !sameSecret(signature, this.signatureOf(recordingId, expires))) return 'tampered';
    return Number(expires) * 1000 <= this.now() ? 'expired' : 'valid';
  }

  private signatureOf(recordingId: string, expires: string): string {
    return hmacHex(this.signingKey, `${recordingId}.${expires}`);
  }
}
