import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';
import { mcpSurface } from './mcp-surface';
import { n8nSurface } from './n8n-surface';
import { nodeRedSurface } from './node-red-surface';
import { sdkSurface } from './sdk-surface';
import type { ReleasedContract } from './surface';
import { zapierSurface } from './zapier-surface';

/** The promise of the last release, committed; `npm run contracts:snapshot` rewrites it when a release goes out. */
export const RELEASED_CONTRACT_FILE = path.join(REPO_ROOT, 'test/contracts/released.json');

export async function currentContract(): Promise<ReleasedContract> {
  return { zapier: zapierSurface(), n8n: n8nSurface(), mcp: await mcpSurface(), nodeRed: nodeRedSurface(), sdk: sdkSurface() };
}

export function readReleasedContract(): ReleasedContract {
  return JSON.parse(readFileSync(RELEASED_CONTRACT_FILE, 'utf8')) as ReleasedContract;
}

export function contractText(contract: ReleasedContract): string {
  return `${JSON.stringify(contract, null, 2)}\n`;
}

export function writeReleasedContract(contract: ReleasedContract): void {
  writeFileSync(RELEASED_CONTRACT_FILE, contractText(contract));
}
