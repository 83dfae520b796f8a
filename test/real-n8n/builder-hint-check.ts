import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { expectThat } from '../support/checks';
import { REPO_ROOT } from '../support/reference-server';
import type { SuiteContext } from './context';
import { PACKAGE } from './workflows';

const PACKAGE_DIR = path.join(REPO_ROOT, 'packages', PACKAGE);
const packageNodes = (JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } }).n8n.nodes;
const loadBuilt = createRequire(path.join(PACKAGE_DIR, 'package.json'));

const builderHint = z.object({
  searchHint: z.string(),
  relatedNodes: z.array(z.object({ nodeType: z.string(), relationHint: z.string() })),
});
const described = z.object({ name: z.string(), builderHint: builderHint.optional(), properties: z.array(z.unknown()) });
type Described = z.infer<typeof described>;
/** A node type as n8n serves it, whatever its builder hint's shape (n8n's own nodes use more of them). */
const servedNodeType = z.looseObject({ name: z.string(), builderHint: z.unknown().optional(), properties: z.array(z.unknown()) });
type ServedNodeType = z.infer<typeof servedNodeType>;

/** Each hinted parameter (nested ones too) as `name: propertyHint`, in the order the description lists them. */
function propertyHints(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(propertyHints);
  if (typeof value !== 'object' || value === null) return [];
  const { name, builderHint: hint } = value as { name?: unknown; builderHint?: { propertyHint?: unknown } };
  const own = typeof name === 'string' && typeof hint?.propertyHint === 'string' ? [`${name}: ${hint.propertyHint}`] : [];
  return [...own, ...Object.values(value).flatMap(propertyHints)];
}

/** What the package declares: its built node classes (as packed), loaded here with n8n-workflow from the repository. */
function declaredNodes(): Described[] {
  return packageNodes.map((file) => {
    const module = loadBuilt(`./${file}`) as Record<string, new () => { description: unknown }>;
    return described.parse(new module[path.basename(file, '.node.js')]!().description);
  });
}

/**
 * The node types this n8n has loaded, as its editor asks for them (POST /rest/node-types), by the type asked for:
 * n8n answers in the order asked, each with its node's own short `name`, in its latest version.
 */
async function servedNodeTypes({ n8n }: Pick<SuiteContext, 'n8n'>, types: string[]): Promise<Map<string, ServedNodeType>> {
  const answer = await n8n.rest<{ data: unknown }>('POST', '/node-types', { nodeInfos: types.map((name) => ({ name })) });
  const served = z
    .array(servedNodeType)
    .length(types.length)
    .safeParse(answer.status === 200 ? answer.body.data : undefined);
  expectThat(
    served.success,
    `POST /rest/node-types for ${types.join(', ')} answered ${answer.status}: ${served.error?.issues[0]?.message} at ${served.error?.issues[0]?.path.join('.')}`,
  );
  return new Map(types.map((type, index) => [type, served.data[index]!]));
}

/**
 * The builder hints n8n's AI workflow builder reads (n8n 2.41 and later; older n8n keeps them unread): n8n has them as
 * the package declares them, and every node they relate ours to is one this n8n has.
 */
export async function builderHintChecks(context: SuiteContext): Promise<void> {
  await context.checks.check("n8n's node types carry each node's builder hint and field hints as declared", async () => {
    const declared = declaredNodes();
    const served = await servedNodeTypes(
      context,
      declared.map((node) => `${PACKAGE}.${node.name}`),
    );
    for (const node of declared) {
      const loaded = served.get(`${PACKAGE}.${node.name}`)!;
      expectThat(node.builderHint !== undefined && propertyHints(node.properties).length > 0, `${node.name} declares no hints`);
      expectThat(
        JSON.stringify(loaded.builderHint) === JSON.stringify(node.builderHint),
        `${node.name}: n8n has ${JSON.stringify(loaded.builderHint)}`,
      );
      const [want, got] = [propertyHints(node.properties), propertyHints(loaded.properties)];
      expectThat(JSON.stringify(got) === JSON.stringify(want), `${node.name}'s field hints: n8n has ${JSON.stringify(got)}`);
    }
  });

  await context.checks.check('every node the builder hints relate ours to is a node type this n8n has', async () => {
    const related = [...new Set(declaredNodes().flatMap((node) => node.builderHint?.relatedNodes.map((item) => item.nodeType) ?? []))];
    const missing: string[] = [];
    for (const type of related) await servedNodeTypes(context, [type]).catch((error: Error) => missing.push(`${type} (${error.message})`));
    expectThat(missing.length === 0, `n8n has no ${missing.join(', ')}`);
    console.log(`     (${related.length} related node types: ${related.join(', ')})`);
  });
}
