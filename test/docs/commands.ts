/**
 * The commands a document shows, read out of its shell blocks and code spans, and what each needs of the
 * repository: the npm script it runs (in which workspace), the test paths it names, the script file it starts.
 */

/** One command as a document shows it. */
export interface ShownCommand {
  line: number;
  command: string;
}

const SHELL_BLOCK = /^(sh|bash|shell|console)?$/;

/** Commands in shell code blocks (one per line, split at `&&`, `||` and `;`, comments dropped) and in code spans. */
export function shownCommands(markdown: string): ShownCommand[] {
  const commands: ShownCommand[] = [];
  let fence: { shell: boolean } | undefined;
  markdown.split('\n').forEach((text, index) => {
    const opening = /^\s*```\s*([\w-]*)/.exec(text);
    if (opening) {
      fence = fence === undefined ? { shell: SHELL_BLOCK.test(opening[1]!) } : undefined;
      return;
    }
    const pieces =
      fence === undefined ? [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!) : fence.shell ? [text.replace(/^\s*\$\s+/, '')] : [];
    for (const piece of pieces) {
      for (const part of piece.replace(/\s#\s.*$/, '').split(/&&|\|\||;/)) {
        // Environment settings before a command (`REAL_N8N_VERSIONS=2.3.6 npm run …`) are the reader's choice.
        const command = part.trim().replace(/^([A-Z_][A-Z0-9_]*=\S*\s+)+/, '');
        if (/^(npm run|npx jest|node) /.test(command)) commands.push({ line: index + 1, command });
      }
    }
  });
  return commands;
}

/** What a command needs: `npm run X [-w W]` a script X in W's package.json (or the root's); `npx jest P…` and `node F` paths. */
export type Need = { kind: 'script'; workspace: string | undefined; script: string } | { kind: 'path'; path: string };

export function needsOf(command: string): Need[] {
  const words = command.split(/\s+/);
  const [tool, verb] = words;
  if (tool === 'npm' && verb === 'run') {
    const rest = words.slice(2);
    const script = rest.find((word, index) => !word.startsWith('-') && !['-w', '--workspace'].includes(rest[index - 1] ?? ''));
    const flag = rest.findIndex((word) => word === '-w' || word === '--workspace');
    // A placeholder (`npm run …`, `npm run <script>`) names no script.
    if (script === undefined || script === '--' || /[…<]/.test(script)) return [];
    return [{ kind: 'script', workspace: flag === -1 ? undefined : rest[flag + 1], script }];
  }
  if (tool === 'npx' && verb === 'jest') {
    const paths: Need[] = [];
    for (const word of words.slice(2)) {
      if (word.startsWith('-')) break;
      paths.push({ kind: 'path', path: word });
    }
    return paths;
  }
  if (tool === 'node' && verb !== undefined && /\//.test(verb) && !verb.includes('dist/') && !verb.startsWith('-'))
    return [{ kind: 'path', path: verb }];
  return [];
}
