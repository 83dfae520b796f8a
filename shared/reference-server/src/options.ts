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

/** One line a flag; shared/reference-server/README.md says more of each. */
export const USAGE = `Usage: node shared/reference-server/dist/main.js [options]   (each flag also an env variable)

  --port N                       port, 0 for any free one (PORT; default 8080)
  --host ADDRESS                 address to listen on (HOST; default 127.0.0.1)
  --data FILE                    keep the state in the SQLite file FILE, reloaded at start (DATA_FILE)
  --insecure-callbacks           also call http: and loopback callbacks (INSECURE_CALLBACKS=1)
  --retry-delay-ms N             base of the callback retry backoff (RETRY_DELAY_MS; default 1000)
  --public-url URL               base of the links handed out (PUBLIC_URL; default the listening address)
  --video-links MODE             service (default) or storage: object-store style links not naming the recording (VIDEO_LINKS)
  --storage-port N               storage links from a second listener, an origin of their own (STORAGE_PORT; 0 any free)
  --storage-tls-key FILE         and --storage-tls-cert FILE: PEM files, that listener speaks https (STORAGE_TLS_KEY, _CERT)
  --failed-auth-per-minute N     failed authentications per address and minute before 429 (FAILED_AUTH_PER_MINUTE; 20)
  --deliveries-per-notification N  send each notification N times, 1-5 (DELIVERIES_PER_NOTIFICATION; default 1)
  --repeat-delivery-delay-ms N   delay before each repeat, 0-60000 (REPEAT_DELIVERY_DELAY_MS; default 0, all at once)
  --admin-token TOKEN            admin API token (ADMIN_TOKEN; default a random one, printed at start)
  --help                         show this help
`;

export class UsageError extends Error {}

/** The flags that take a value and fall back on an environment variable (--retry-delay-ms: RETRY_DELAY_MS). */
const VALUE_FLAGS = [
  ...['port', 'host', 'retry-delay-ms', 'public-url', 'admin-token', 'video-links', 'storage-port', 'storage-tls-key'],
  ...['storage-tls-cert', 'failed-auth-per-minute', 'deliveries-per-notification', 'repeat-delivery-delay-ms'],
] as const;
type Flag = (typeof VALUE_FLAGS)[number];

/** Reads the flags; a flag wins over its variable. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): ServerOptions | 'help' {
  let values: Partial<Record<Flag | 'data', string>> & { 'insecure-callbacks'?: boolean; help?: boolean };
  try {
    const strings = Object.fromEntries([...VALUE_FLAGS, 'data'].map((flag) => [flag, { type: 'string' as const }]));
    const switches = { 'insecure-callbacks': { type: 'boolean' as const }, help: { type: 'boolean' as const } };
    ({ values } = parseArgs({ args: argv, strict: true, options: { ...strings, ...switches } }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
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
