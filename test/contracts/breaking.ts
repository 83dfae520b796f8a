import type { InputContract, McpContract, N8nContract, NodeRedContract, ReleasedContract, SdkContract, ZapierContract } from './surface';

/** One change that would break what users built on a release, in the words a maintainer needs. */
export interface BreakingChange {
  platform: 'Zapier' | 'n8n' | 'MCP' | 'Node-RED' | 'SDK';
  /** The step, node version, credential or tool, and the field. */
  where: string;
  what: string;
  /** Whose work breaks, and what keeps it working. */
  consequence: string;
}

export function describeBreakingChange(change: BreakingChange): string {
  return `${change.platform}: ${change.where}: ${change.what}. ${change.consequence}`;
}

/** What the platform offers instead of a breaking change (the escape a maintainer may take). */
export interface Escapes {
  /** The Zapier app's CHANGELOG, for the migration note of a new major version. */
  zapierChangelog: string;
}

/** How each input changed from the release to now; additions that nobody must fill in are fine. */
function inputChanges(released: Record<string, InputContract>, current: Record<string, InputContract>): { name: string; what: string }[] {
  const changes: { name: string; what: string }[] = [];
  for (const [name, before] of Object.entries(released)) {
    const after = current[name];
    if (after === undefined) {
      changes.push({ name, what: 'removed (or renamed)' });
      continue;
    }
    if (after.type !== before.type) changes.push({ name, what: `type changed from ${before.type} to ${after.type}` });
    if ((after.list ?? false) !== (before.list ?? false))
      changes.push({ name, what: before.list === true ? 'no longer takes a list' : 'now takes a list' });
    if (after.required && !before.required) changes.push({ name, what: 'now required' });
    const lostValues = (before.values ?? []).filter((value) => !(after.values ?? []).includes(value));
    if (after.values !== undefined && lostValues.length > 0)
      changes.push({ name, what: `no longer accepts ${lostValues.map((value) => `"${value}"`).join(', ')}` });
    const lostModes = (before.modes ?? []).filter((mode) => !(after.modes ?? []).includes(mode));
    if (lostModes.length > 0)
      changes.push({ name, what: `no longer offers the mode${lostModes.length > 1 ? 's' : ''} ${lostModes.join(', ')}` });
  }
  for (const [name, after] of Object.entries(current)) {
    if (released[name] === undefined && after.required) changes.push({ name, what: 'added as a required field' });
  }
  return changes;
}

function majorOf(version: string): number {
  return Number(version.split('.')[0]);
}

/** A new major version with a migration note in its CHANGELOG section is Zapier's way to change fields. */
function zapierMajorWithMigrationNote(released: ZapierContract, current: ZapierContract, changelog: string): boolean {
  if (majorOf(current.version) <= majorOf(released.version)) return false;
  const section = changelog.split(/^## /m).find((part) => part.startsWith(current.version) || part.startsWith(`[${current.version}]`));
  return section !== undefined && /migrat/i.test(section);
}

const ZAPIER_ESCAPE =
  'Keep it, or release a new major version of the Zapier app with a migration note for it in packages/zapier/CHANGELOG.md.';

function zapierChanges(released: ZapierContract, current: ZapierContract, escapes: Escapes): BreakingChange[] {
  if (zapierMajorWithMigrationNote(released, current, escapes.zapierChangelog)) return [];
  const changes: BreakingChange[] = [];
  const breaks = (where: string, what: string, whose: string) =>
    changes.push({ platform: 'Zapier', where, what, consequence: `${whose} ${ZAPIER_ESCAPE}` });
  for (const { name, what } of inputChanges(released.authFields, current.authFields))
    breaks(`connection field "${name}"`, what, 'Every connected account would have to reconnect, and every Zap on it stops.');
  for (const [key, before] of Object.entries(released.operations)) {
    const step = `"${before.label}" (${key})`;
    const after = current.operations[key];
    if (after === undefined) {
      breaks(
        step,
        'removed (or renamed)',
        before.hidden ? 'Every Zap whose dropdown is filled by it would lose its choices.' : 'Every Zap with this step would stop.',
      );
      continue;
    }
    for (const { name, what } of inputChanges(before.inputFields, after.inputFields))
      breaks(`${step}, input field "${name}"`, what, 'Every Zap that fills in this step would break.');
    for (const key of before.outputFields.filter((field) => !after.outputFields.includes(field))) {
      breaks(`${step}, output field "${key}"`, 'removed (or renamed)', 'Every later Zap step that maps it would get nothing.');
    }
  }
  return changes;
}

/** The operation values a released node version offered (any resource's `operation` parameter). */
function operationValues(parameters: Record<string, InputContract>): Set<string> {
  const operations = Object.entries(parameters).filter(([name]) => name === 'operation' || name.startsWith('operation ('));
  return new Set(operations.flatMap(([, parameter]) => parameter.values ?? []));
}

/** A parameter n8n shows only under operations the release did not offer: no saved workflow can hold it. */
function onlyUnderNewOperations(parameter: string, released: Set<string>): boolean {
  const shownUnder = /[(; ]operation=([^;)]+)/.exec(parameter)?.[1];
  return shownUnder !== undefined && shownUnder.split('|').every((operation) => !released.has(operation));
}

function n8nChanges(released: N8nContract, current: N8nContract): BreakingChange[] {
  const changes: BreakingChange[] = [];
  for (const [name, fields] of Object.entries(released.credentials)) {
    const now = current.credentials[name];
    const consequence = 'Every saved credential of this type would stop working. Keep the field as it was.';
    if (now === undefined) changes.push({ platform: 'n8n', where: `credential ${name}`, what: 'removed (or renamed)', consequence });
    else
      for (const { name: field, what } of inputChanges(fields, now))
        changes.push({ platform: 'n8n', where: `credential ${name}, field "${field}"`, what, consequence });
  }
  for (const [name, node] of Object.entries(released.nodes)) {
    for (const [version, parameters] of Object.entries(node.versions)) {
      const where = `node ${node.displayName} (${name}) version ${version}`;
      const consequence = `Every saved workflow with ${node.displayName} at version ${version} would break. Keep version ${version} as it was and make the change in a new node version (n8n keeps each saved node on its version).`;
      const now = current.nodes[name]?.versions[version];
      if (now === undefined)
        changes.push({
          platform: 'n8n',
          where,
          what: current.nodes[name] === undefined ? 'node removed (or renamed)' : 'version no longer offered',
          consequence,
        });
      else
        for (const { name: parameter, what } of inputChanges(parameters, now))
          if (!onlyUnderNewOperations(parameter, operationValues(parameters)))
            changes.push({ platform: 'n8n', where: `${where}, parameter "${parameter}"`, what, consequence });
    }
    for (const [version, operations] of Object.entries(node.fromAi ?? {})) {
      for (const [operation, names] of Object.entries(operations)) {
        const now = current.nodes[name]?.fromAi?.[version]?.[operation] ?? [];
        for (const argument of names.filter((key) => !now.includes(key)))
          changes.push({
            platform: 'n8n',
            where: `node ${node.displayName} (${name}) version ${version}, operation ${operation}, AI argument "${argument}"`,
            what: "no longer the name n8n's editor gives",
            consequence:
              "New agent workflows would name it otherwise than the saved ones and the tool description do. Keep the field's label as it was (n8n's editor names the argument after it), or change it in a new node version.",
          });
      }
    }
  }
  return changes;
}

function mcpChanges(released: McpContract, current: McpContract): BreakingChange[] {
  const changes: BreakingChange[] = [];
  for (const [name, tool] of Object.entries(released.tools)) {
    const consequence = `Every agent prompt or saved client setup that calls ${name} this way would break. Keep the tool as it was under its name, beside any new tool.`;
    const now = current.tools[name];
    if (now === undefined) changes.push({ platform: 'MCP', where: `tool ${name}`, what: 'removed (or renamed)', consequence });
    else
      for (const { name: argument, what } of inputChanges(tool.inputs, now.inputs))
        changes.push({ platform: 'MCP', where: `tool ${name}, argument "${argument}"`, what, consequence });
  }
  for (const [name, prompt] of Object.entries(released.prompts ?? {})) {
    const consequence = `Every client command or script that fetches the prompt ${name} this way would break. Keep the prompt as it was under its name, beside any new prompt.`;
    const now = current.prompts?.[name];
    if (now === undefined) changes.push({ platform: 'MCP', where: `prompt ${name}`, what: 'removed (or renamed)', consequence });
    else
      for (const { name: argument, what } of inputChanges(prompt.arguments, now.arguments))
        changes.push({ platform: 'MCP', where: `prompt ${name}, argument "${argument}"`, what, consequence });
  }
  return changes;
}

function nodeRedChanges(released: NodeRedContract, current: NodeRedContract): BreakingChange[] {
  const changes: BreakingChange[] = [];
  for (const [type, node] of Object.entries(released.nodes)) {
    // Node-RED keeps no node versions: a deployed flow holds each property by name, and the node reads it as it is.
    const consequence = `Every saved flow with a ${type} node would lose that setting on its next deploy. Keep the property as it was (a node may read an old property and map it onto a new one).`;
    const now = current.nodes[type];
    if (now === undefined) {
      changes.push({ platform: 'Node-RED', where: `node ${type}`, what: 'removed (or renamed)', consequence });
      continue;
    }
    for (const [part, before, after] of [
      ['property', node.properties, now.properties],
      ['credential', node.credentials, now.credentials],
    ] as const)
      for (const { name, what } of inputChanges(before, after))
        changes.push({ platform: 'Node-RED', where: `node ${type}, ${part} "${name}"`, what, consequence });
  }
  return changes;
}

const SDK_ESCAPE = 'Keep it (it may be marked @deprecated), or release a new major version of the SDK.';

/** A name a program imports, gone or no longer a value (a class it extends, a function it calls); additions pass. */
function sdkChanges(released: SdkContract | undefined, current: SdkContract | undefined): BreakingChange[] {
  if (released === undefined) return [];
  if (current !== undefined && majorOf(current.version) > majorOf(released.version)) return [];
  const changes: BreakingChange[] = [];
  for (const [entry, before] of Object.entries(released.entries)) {
    const after = current?.entries[entry];
    if (after === undefined) {
      const consequence = `Every program that imports from it would fail to load. ${SDK_ESCAPE}`;
      changes.push({ platform: 'SDK', where: `entry "${entry}"`, what: 'removed (or renamed)', consequence });
      continue;
    }
    for (const name of before.values) {
      if (after.values.includes(name)) continue;
      const what = after.types.includes(name) ? 'no longer a value (only a type)' : 'removed (or renamed)';
      const consequence = `Every program that uses it would fail to build or to run. ${SDK_ESCAPE}`;
      changes.push({ platform: 'SDK', where: `entry "${entry}", export ${name}`, what, consequence });
    }
    for (const name of before.types.filter((type) => !after.types.includes(type) && !after.values.includes(type)))
      changes.push({
        platform: 'SDK',
        where: `entry "${entry}", type ${name}`,
        what: 'removed (or renamed)',
        consequence: `Every TypeScript program that names it would fail to type-check. ${SDK_ESCAPE}`,
      });
  }
  return changes;
}

/** Every change from the released promise to the current build that would break a user, none for additions. */
export function breakingChanges(released: ReleasedContract, current: ReleasedContract, escapes: Escapes): BreakingChange[] {
  return [
    ...zapierChanges(released.zapier, current.zapier, escapes),
    ...n8nChanges(released.n8n, current.n8n),
    ...mcpChanges(released.mcp, current.mcp),
    ...nodeRedChanges(released.nodeRed, current.nodeRed),
    ...sdkChanges(released.sdk, current.sdk),
  ];
}
