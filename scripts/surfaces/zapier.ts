// The Zapier app's steps, read from the built app (packages/zapier/dist/index.js, the definition Zapier loads).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Which of Zapier's lists a step is in: what a Zap calls a trigger, an action (create), a search or a search-or-create. */
export type ZapierKind = 'triggers' | 'creates' | 'searches' | 'searchOrCreates';

export interface ZapierStep {
  kind: ZapierKind;
  /** The key a Zap stores. */
  key: string;
  label: string;
  description: string;
  /** Offered only to fill in a dropdown, never as a step of its own. */
  hidden: boolean;
  /** A trigger that Zapier's hook starts (the others poll). */
  instant: boolean;
  /** A search-or-create: the keys of the search it runs first and of the create it runs when that finds nothing. */
  combines?: { search: string; create: string };
}

const Display = z.object({ label: z.string(), description: z.string(), hidden: z.boolean().optional() });
const Step = z.object({ key: z.string(), display: Display, operation: z.object({ type: z.string().optional() }) });
const SearchOrCreate = z.object({ key: z.string(), display: Display, search: z.string(), create: z.string() });
const App = z.object({
  triggers: z.record(z.string(), Step),
  creates: z.record(z.string(), Step),
  searches: z.record(z.string(), Step),
  searchOrCreates: z.record(z.string(), SearchOrCreate).default({}),
});
const Bundle = z.object({ default: App });

/** Every step of the built app, in the order the app lists them. */
export function readZapierSteps(repoRoot: string): ZapierStep[] {
  const bundle = join(repoRoot, 'packages/zapier/dist/index.js');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build\` first`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built app is CommonJS, as Zapier loads it
  const app = Bundle.parse(require(bundle)).default;
  const step = (kind: ZapierKind, key: string, display: z.output<typeof Display>, instant: boolean): ZapierStep => ({
    kind,
    key,
    label: display.label,
    description: display.description,
    hidden: display.hidden === true,
    instant,
  });
  return [
    ...Object.entries(app.triggers).map(([key, trigger]) => step('triggers', key, trigger.display, trigger.operation.type === 'hook')),
    ...Object.entries(app.creates).map(([key, create]) => step('creates', key, create.display, false)),
    ...Object.entries(app.searches).map(([key, search]) => step('searches', key, search.display, false)),
    ...Object.entries(app.searchOrCreates).map(([key, { display, search, create }]) => ({
      ...step('searchOrCreates', key, display, false),
      combines: { search: `searches.${search}`, create: `creates.${create}` },
    })),
  ];
}
