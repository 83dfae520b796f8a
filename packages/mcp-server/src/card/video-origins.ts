import { isNonPublicHost } from 'screenrec';
import type { Connections } from '../connections';

/** How many storage hosts the card's CSP names at most: a service keeps its videos on one or two. */
export const MAX_VIDEO_ORIGINS = 8;

// Per set of connections (one per running server), so that every server instance the HTTP handler makes shares it.
const learned = new WeakMap<Connections, string[]>();

/**
 * Remembers the host of a video link this server handed out, so that the card may play videos from it. The service
 * may keep its videos on another host (a storage bucket) than its own, and names that host only in the links it
 * signs. Only a public https host is remembered: the card's CSP never opens a private address because of a link.
 */
export function noteVideoLink(connections: Connections, videoUrl: string): void {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return;
  }
  if (url.origin === connections.origin || url.protocol !== 'https:' || isNonPublicHost(url.host)) return;
  const origins = learned.get(connections) ?? [];
  if (origins.includes(url.origin)) return;
  learned.set(connections, [...origins, url.origin].slice(-MAX_VIDEO_ORIGINS));
}

/** Where the card may load videos from: the service itself, and the storage hosts of the links handed out so far. */
export function videoOrigins(connections: Connections): string[] {
  return [...(connections.origin === undefined ? [] : [connections.origin]), ...(learned.get(connections) ?? [])];
}
