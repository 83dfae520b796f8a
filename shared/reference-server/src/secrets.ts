import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret with a recognisable prefix (srk_ for API keys, srt_ for backend tokens). */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** SHA-256: secrets are long and random, so no slow KDF is needed. One-shot `hash`: every call hashes one (benchmark #2). */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** Equality of two strings in time independent of where they differ. */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(hash('sha256', a, 'buffer'), hash('sha256', b, 'buffer'));
}

export function hmacHex(key: string, message: string): string {
  return createHmac('sha256', key).update(message, 'utf8').digest('hex');
}
