import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
export const FFPROBE = '/usr/bin/ffprobe';

export interface DebianNeed {
  binary: string;
  debianPackage: string;
}

const NEEDED: DebianNeed[] = [
  { binary: CHROMIUM, debianPackage: 'chromium' },
  { binary: FFPROBE, debianPackage: 'ffmpeg' },
];

/**
 * Debian's Chromium (the browser the participant uses here) and ffmpeg (ffprobe reads the stored video), installed
 * with apt-get when either is missing: CI starts from a fresh machine as root. Returns what it installed, for the log.
 */
export function ensureDebianPackages(log: (line: string) => void, needed: DebianNeed[] = NEEDED): string[] {
  const missing = needed.filter(({ binary }) => !existsSync(binary));
  if (missing.length === 0) return [];
  const packages = missing.map(({ debianPackage }) => debianPackage);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${missing.map(({ binary }) => binary).join(' and ')} missing; as root run: apt-get update && apt-get install -y ${packages.join(' ')}`,
    );
  }
  log(
    `installing Debian's ${packages.join(' and ')} (missing ${missing.map(({ binary }) => binary).join(', ')}); this takes a few minutes`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // apt's own output goes to stderr, so stdout stays the checks and their summary.
  const options = { env, stdio: ['ignore', process.stderr, process.stderr] as ['ignore', NodeJS.WriteStream, NodeJS.WriteStream] };
  execFileSync('apt-get', ['update'], options);
  execFileSync('apt-get', ['install', '-y', ...packages], options);
  for (const { binary } of missing)
    if (!existsSync(binary)) throw new Error(`apt-get installed ${packages.join(' ')}, but ${binary} is still missing`);
  return packages;
}
