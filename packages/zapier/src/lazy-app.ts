/**
 * The machinery of dist/definition.js, the entry Zapier loads: the app's definition as plain data, where every
 * function is a stand-in that loads the full bundle (dist/index.js: core, zod, the performs) the first time it runs.
 * Zapier loads and validates the app before every command; commands that run no function (validate, definition,
 * the auth templates) then never parse or evaluate the bundle. scripts/build.js writes the data.
 */

type AppFunction = (this: unknown, ...args: unknown[]) => unknown;

/** What Zapier's dehydrators take: a function of the app, found in the definition by identity. */
type Dehydrate = (method: unknown, ...rest: unknown[]) => unknown;

interface Linked {
  functionAt: (path: readonly string[]) => AppFunction;
  /** `z` as the real function should see it: its dehydrators name the stand-in the definition holds. */
  zFor: (z: object) => object;
}

/** Middlewares take `(request or response, z, bundle)`; every other function of an app takes `(z, bundle, …)`. */
const MIDDLEWARE_KEYS: ReadonlySet<string> = new Set(['beforeRequest', 'afterResponse']);
const DEHYDRATORS = ['dehydrate', 'dehydrateFile'] as const;

function valueAt(app: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), app);
}

function isZ(value: unknown): value is Record<(typeof DEHYDRATORS)[number], Dehydrate> {
  return typeof value === 'object' && value !== null && DEHYDRATORS.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}

function link(app: unknown, standIns: ReadonlyMap<string, AppFunction>): Linked {
  const standInOf = new Map<unknown, AppFunction>();
  for (const [key, standIn] of standIns) standInOf.set(valueAt(app, JSON.parse(key) as string[]), standIn);
  return {
    functionAt: (path) => {
      const found = valueAt(app, path);
      if (typeof found !== 'function') throw new Error(`The app bundle has no function at ${path.join('.')}: rebuild the app (npm run build).`);
      return found as AppFunction;
    },
    // A perform that dehydrates passes its own function (z.dehydrateFile(hydrateVideoFile, …)); Zapier finds it
    // in the definition it loaded, which holds the stand-in.
    zFor: (z) => {
      if (!isZ(z)) return z;
      const renamed: PropertyDescriptorMap = {};
      for (const name of DEHYDRATORS) {
        renamed[name] = { value: (method: unknown, ...rest: unknown[]) => z[name](standInOf.get(method) ?? method, ...rest) };
      }
      return Object.create(z, renamed) as object;
    },
  };
}

/**
 * `standIn(path, arity)` makes the function that stands for the bundle's function at `path` (its keys from the
 * app's root); it keeps the arity, which Zapier's definition records (`$func$2$f$`).
 */
export function lazyApp(loadBundle: () => { default: unknown }): (path: readonly string[], arity: number) => AppFunction {
  const standIns = new Map<string, AppFunction>();
  let linked: Linked | undefined;
  const linkedApp = (): Linked => (linked ??= link(loadBundle().default, standIns));
  return (path, arity) => {
    const key = JSON.stringify(path);
    const known = standIns.get(key);
    if (known !== undefined) return known;
    const zAt = MIDDLEWARE_KEYS.has(path[0] ?? '') ? 1 : 0;
    const standIn = function (this: unknown, ...args: unknown[]): unknown {
      const app = linkedApp();
      const z = args[zAt];
      if (typeof z === 'object' && z !== null) args[zAt] = app.zFor(z);
      return app.functionAt(path).apply(this, args);
    };
    Object.defineProperties(standIn, { length: { value: arity }, name: { value: path.join('.') } });
    standIns.set(key, standIn);
    return standIn;
  };
}
