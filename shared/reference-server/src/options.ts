import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { HostResolver } from './address-policy';
import { DEFAULT_DELIVERY_SETTINGS, DELIVERY_SETTING_BOUNDS, type DeliverySettings } from './delivery-settings';
import type { Timeouts } from './limits';
import type { StoreLimits } from './store/store';
import { VIDEO_LINK_MODES, type VideoLinkMode } from './video-links';

/** buildServer's options; the flags' as USAGE says (without them: state in memory, https: only, links on the listening address). */
export interface ServerOptions extends Partial<DeliverySettings> {
  /** Where `listen` takes the server: by default a free port (0) on loopback. */
  port?: number;
  host?: string;
  dataFile?: string;
  insecureCallbacks?: boolean;
  retryDelayMs?: number;
  publicUrl?: string;
  adminToken?: string;
  videoLinks?: VideoLinkMode;
  /** Serve the storage links (videoLinks `storage`, which it implies) from a second listener on this port; 0 = any free one. */
  storagePort?: number;
  /** PEM key and certificate: the storage listener then speaks https, as an object store does. */
  storageTls?: { key: string; cert: string };
  failedAuthPerMinute?: number;
  /** pino level; 'silent' for tests. Logs go to stderr. */
  logLevel?: string;
  linkTtlMs?: number;
  /** Largest participant upload. Default 500 MB. */
  maxUploadBytes?: number;
  callbackTimeoutMs?: number;
  deliveriesInFlight?: number;
  /** How callback host names are resolved (at subscribe and at connect). Default: the system's (dns.lookup). */
  resolveHost?: HostResolver;
  /** The Limits table's timeouts; tests shorten them. */
  timeouts?: Partial<Timeouts>;
  logLimits?: Partial<StoreLimits>;
}
export type ListenAddress = Pick<ServerOptions, 'port' | 'host'>;

export const USAGE = `Usage: node shared/reference-server/dist/main.js [options]

  --port N               port to listen on, 0 for any free one (env PORT; default 8080)
  --host ADDRESS         address to listen on (env HOST; default 127.0.0.1)
  --data FILE            persist every change to FILE and reload it on start (env DATA_FILE)
  --insecure-callbacks   also call http: callback URLs, for loopback receivers (env INSECURE_CALLBACKS=1)
  --retry-delay-ms N     base of the callback retry backoff (env RETRY_DELAY_MS; default 1000)
  --public-url URL       base of the links the service hands out (env PUBLIC_URL; default the listening address)
  --video-links MODE     service: /videos/{id}?expires&signature (default); storage: pre-signed object-store style
                         links /storage/{bucket}/{workspaceId}/{objectId}.webm?X-Amz-…, which do not name the
                         recording (env VIDEO_LINKS)
  --storage-port N       serve the storage links from a second listener on port N (0 for any free one), an origin of
                         their own as an object store's host is; implies --video-links storage (env STORAGE_PORT)
  --storage-tls-key FILE --storage-tls-cert FILE
                         PEM key and certificate: the storage listener speaks https (env STORAGE_TLS_KEY, _CERT)
  --failed-auth-per-minute N
                         failed authentications one client address may make per minute before 429
                         (env FAILED_AUTH_PER_MINUTE; default 20)
  --deliveries-per-notification N
                         send each video-ready notification N times (1-5) to each subscription, each a separate
                         POST with its own retries, as an at-least-once sender may (env DELIVERIES_PER_NOTIFICATION;
                         default 1)
  --repeat-delivery-delay-ms N
                         delay before each repeated delivery (0-60000; env REPEAT_DELIVERY_DELAY_MS; default 0, all
                         at once)
  --admin-token TOKEN    admin API token (env ADMIN_TOKEN; default a random one, printed at start)
  --help                 show this help
`;

export class UsageError extends Error {}

/** Reads flags, each with an environment fallback (--retry-delay-ms: RETRY_DELAY_MS); a flag wins over its variable. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): ServerOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        'insecure-callbacks': { type: 'boolean' },
        'retry-delay-ms': { type: 'string' },
        'public-url': { type: 'string' },
        'admin-token': { type: 'string' },
        'video-links': { type: 'string' },
        'storage-port': { type: 'string' },
        'storage-tls-key': { type: 'string' },
        'storage-tls-cert': { type: 'string' },
        'failed-auth-per-minute': { type: 'string' },
        'deliveries-per-notification': { type: 'string' },
        'repeat-delivery-delay-ms': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  type Flag = Exclude<keyof typeof values, 'help' | 'data' | 'insecure-callbacks'>;
  const given = (flag: Flag) => values[flag] ?? env[flag.toUpperCase().replaceAll('-', '_')];
  const whole = (flag: Flag, fallback: number, max: number, min = 0): number => {
    const text = given(flag);
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, not "${text}"`);
    return value;
  };
  const setting = (flag: Flag, name: keyof DeliverySettings) =>
    whole(flag, DEFAULT_DELIVERY_SETTINGS[name], DELIVERY_SETTING_BOUNDS[name].max, DELIVERY_SETTING_BOUNDS[name].min);
  const publicUrl = given('public-url');
  if (publicUrl !== undefined && !/^https?:\/\/[^/]/.test(publicUrl))
    throw new UsageError(`--public-url must be an http(s) URL, not "${publicUrl}"`);
  const adminToken = given('admin-token');
  if (adminToken !== undefined && adminToken.length < 8) throw new UsageError('--admin-token must be at least 8 characters');
  const storagePort = given('storage-port') ? whole('storage-port', 0, 65535) : undefined;
  const videoLinks = values['video-links'] ?? (env.VIDEO_LINKS || undefined) ?? (storagePort === undefined ? 'service' : 'storage');
  if (!(VIDEO_LINK_MODES as readonly string[]).includes(videoLinks))
    throw new UsageError(`--video-links must be one of ${VIDEO_LINK_MODES.join(', ')}, not "${videoLinks}"`);
  if (storagePort !== undefined && videoLinks !== 'storage')
    throw new UsageError('--storage-port serves storage links: it needs --video-links storage');
  const [tlsKey, tlsCert] = [given('storage-tls-key'), given('storage-tls-cert')];
  if ((tlsKey === undefined) !== (tlsCert === undefined) || (tlsKey !== undefined && storagePort === undefined))
    throw new UsageError('--storage-tls-key and --storage-tls-cert go together, with --storage-port');
  const pem = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      throw new UsageError(`cannot read ${file}`);
    }
  };
  return {
    port: whole('port', 8080, 65535),
    host: given('host') ?? '127.0.0.1',
    dataFile: values.data ?? env.DATA_FILE,
    insecureCallbacks: values['insecure-callbacks'] ?? ['1', 'true', 'yes'].includes((env.INSECURE_CALLBACKS ?? '').toLowerCase()),
    retryDelayMs: whole('retry-delay-ms', 1000, 3_600_000),
    publicUrl,
    adminToken,
    videoLinks: videoLinks as VideoLinkMode,
    storagePort,
    ...(tlsKey === undefined || tlsCert === undefined ? {} : { storageTls: { key: pem(tlsKey), cert: pem(tlsCert) } }),
    failedAuthPerMinute: whole('failed-auth-per-minute', 20, 1_000_000),
    deliveriesPerNotification: setting('deliveries-per-notification', 'deliveriesPerNotification'),
    repeatDeliveryDelayMs: setting('repeat-delivery-delay-ms', 'repeatDeliveryDelayMs'),
  };
}
