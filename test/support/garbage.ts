/** For a child run by runInOwnProcess: what is still alive once garbage is collected. */
const collectGarbage = (globalThis as { gc?: () => void }).gc!;
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The heap in use after three rounds of finishing pending callbacks and collecting garbage. */
export async function heapAfterCollection(): Promise<number> {
  for (let pass = 0; pass < 3; pass++) {
    await settle();
    collectGarbage();
  }
  return process.memoryUsage().heapUsed;
}

/** How many of these are still reachable (call after heapAfterCollection). */
export function stillAlive(references: Array<WeakRef<object>>): number {
  return references.filter((reference) => reference.deref() !== undefined).length;
}
