import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../browser/machine';
import { background, runAsync, waitForProcess } from '../real-n8n/machine';
import { freePort } from '../support/loopback';
import type { ContractConfig, ContractResult } from './contract';
import type { Runtime } from './install';
import type { ConsumerProject } from './project';
import { WORKERD_COMPATIBILITY_DATE } from './versions';
import { writeWorkerdConfig } from './workerd-config';

/** How long one runtime gets for the whole contract (each of its waits is bounded well within). */
export const CONTRACT_TIMEOUT_MS = 120_000;

/** The promise's outcome, or a failure naming `what` once `ms` have passed (the promise is left to the caller's cleanup). */
export async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The one JSON line a command printed (the last line that is JSON: a runtime may print warnings before it). */
function resultIn(output: string): ContractResult {
  const line = output
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{'));
  if (line === undefined) throw new Error(`printed no result:\n${output.slice(-2000)}`);
  return JSON.parse(line) as ContractResult;
}

/** Node, Bun and Deno: the contract command in the consumer project, its configuration as the one argument. */
export async function runCommand(
  runtime: Runtime,
  args: string[],
  project: ConsumerProject,
  config: ContractConfig,
): Promise<ContractResult> {
  const output = await runAsync(runtime.binary, [...args, project.cli, JSON.stringify(config)], {
    cwd: project.folder,
    env: runtime.env,
    timeoutMs: CONTRACT_TIMEOUT_MS,
  });
  return resultIn(output);
}

/**
 * workerd, Cloudflare's Workers runtime: the bundled Worker served by `workerd serve` with a config whose outbound
 * network (the Worker's fetch) reaches loopback, where the service and the proxy listen. The contract runs in the
 * Worker's answer to one POST.
 */
export async function runWorkerd(runtime: Runtime, project: ConsumerProject, config: ContractConfig): Promise<ContractResult> {
  const port = await freePort();
  const capnp = path.join(project.folder, 'workerd.capnp');
  // The Worker's outbound fetch goes to loopback, where the service and the suite's proxy listen.
  writeWorkerdConfig(capnp, {
    service: 'contract',
    port,
    module: path.basename(project.workerBundle),
    compatibilityDate: WORKERD_COMPATIBILITY_DATE,
  });
  const server = background(runtime.binary, ['serve', capnp], { cwd: project.folder, env: runtime.env });
  try {
    const url = `http://127.0.0.1:${port}/`;
    await waitForProcess(
      server,
      'workerd listening',
      async () => ((await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => undefined))?.status === 405 ? true : undefined),
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const answer = await fetch(url, { method: 'POST', body: JSON.stringify(config), signal: AbortSignal.timeout(CONTRACT_TIMEOUT_MS) });
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`the Worker answered ${answer.status}: ${text}\n${server.output().slice(-2000)}`);
    return JSON.parse(text) as ContractResult;
  } finally {
    await server.stop();
  }
}

export interface BrowserRun {
  version: string;
  result: ContractResult;
  /** What the page said on its console and the errors it threw, for a failure report. */
  console: string[];
}

/**
 * Debian's Chromium, headless: the page (served by the proxy from the service's origin) loads the bundled contract,
 * and the suite calls it with the configuration.
 */
export async function runChromium(pageUrl: string, config: ContractConfig): Promise<BrowserRun> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    timeout: 60_000,
  });
  const console: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
    await page.goto(pageUrl, { timeout: 30_000 });
    await page.waitForFunction(() => typeof (globalThis as { runContract?: unknown }).runContract === 'function', undefined, {
      timeout: 30_000,
    });
    const evaluation = page.evaluate(
      (given) => (globalThis as unknown as { runContract: (config: ContractConfig) => Promise<ContractResult> }).runContract(given),
      config,
    );
    return { version: browser.version(), result: await within(CONTRACT_TIMEOUT_MS, evaluation, 'the contract in the page'), console };
  } finally {
    await browser.close();
  }
}
