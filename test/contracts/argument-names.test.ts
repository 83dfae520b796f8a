import type * as Core from 'screenrec';
import type { Tool } from '../../packages/mcp-server/src/tools/tool';
import { breakingChanges, describeBreakingChange } from './breaking';
import { readReleasedContract } from './current';
import type { McpContract } from './surface';

// A tool's name and its argument names are what agent prompts and saved client setups call: they come from the
// catalogue's MCP keys, never from a label, and the release guard (test/contracts) holds them.

/** Each tool's argument names, the tools built from a fresh copy of core's catalogue after `change`. */
async function argumentNamesAfter(
  change: (core: typeof Core) => void,
): Promise<{ tools: readonly Tool[]; names: Record<string, string[]> }> {
  let tools: readonly Tool[] = [];
  await jest.isolateModulesAsync(async () => {
    change(await import('screenrec'));
    const built = await import('../../packages/mcp-server/src/tools');
    tools = [...built.REST_TOOLS, ...built.HOOK_TOOLS];
  });
  return { tools, names: Object.fromEntries(tools.map((tool) => [tool.name, Object.keys(tool.input.shape).sort()])) };
}

const released = readReleasedContract();

/** The release guard's view of tools with these argument names (types as released: only the names are in question). */
function withArguments(names: Record<string, string[]>): McpContract {
  const tools = Object.fromEntries(
    Object.entries(released.mcp.tools).map(([name, tool]) => [
      name,
      {
        ...tool,
        inputs: Object.fromEntries(
          (names[name] ?? []).map((argument) => [argument, tool.inputs[argument] ?? { type: 'any', required: false }]),
        ),
      },
    ]),
  );
  return { ...released.mcp, tools };
}

const guardSays = (mcp: McpContract) =>
  breakingChanges(released, { ...released, mcp }, { zapierChangelog: '' }).map(describeBreakingChange);

describe("MCP argument names: the catalogue's keys, guarded like tool names", () => {
  it('stay as released when every label, help text and operation name in the catalogue is renamed', async () => {
    const before = await argumentNamesAfter(() => {});
    const after = await argumentNamesAfter((core) => {
      for (const field of Object.values(core.INPUT_FIELDS))
        Object.assign(field, { label: `Renamed ${field.label}`, help: `Renamed. ${field.help}` });
      for (const field of Object.values(core.RECORDING_FIELDS)) Object.assign(field, { label: `Renamed ${field.label}` });
      for (const operation of Object.values(core.OPERATIONS)) Object.assign(operation, { name: `Renamed ${operation.name}` });
    });

    // The renaming reached the tools: their titles and argument descriptions are the new ones.
    expect(after.tools.find((tool) => tool.name === 'get_recording')?.title).toBe('Renamed Get Recording');
    expect(after.tools.find((tool) => tool.name === 'get_recording')?.input.shape.recordingId?.description).toMatch(/^Renamed\. /);
    expect(after.names).toEqual(before.names);
    expect(guardSays(withArguments(after.names))).toEqual([]);
    for (const [name, tool] of Object.entries(released.mcp.tools)) {
      expect([name, after.names[name]]).toEqual([name, expect.arrayContaining(Object.keys(tool.inputs))]);
    }
  });

  it("change only when the catalogue's MCP key changes, and then the release guard names the argument", async () => {
    const before = await argumentNamesAfter(() => {});
    const after = await argumentNamesAfter((core) => {
      Object.assign(core.INPUT_FIELDS.notificationEmails, { keys: {} });
    });

    const renamed = before.names.create_recording_request!.map((name) => (name === 'notifyEmails' ? 'notificationEmails' : name));
    expect(after.names.create_recording_request).toEqual(renamed.sort());
    expect(guardSays(withArguments(after.names))).toEqual([
      'MCP: tool create_recording_request, argument "notifyEmails": removed (or renamed). Every agent prompt or saved client setup that calls create_recording_request this way would break. Keep the tool as it was under its name, beside any new tool.',
    ]);
  });
});
