import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expectThat } from '../support/checks';
import { REPO_ROOT } from '../support/reference-server';

export interface DocumentedWorkflow {
  /** Where a reader finds it: "file.md, block 2" or the file. */
  source: string;
  workflow: { id?: unknown; name?: unknown; nodes?: unknown; connections?: unknown };
}

/** Every n8n workflow a document shows: JSON blocks of tracked Markdown with nodes and connections, and docs' workflow files. */
export function documentedWorkflows(): DocumentedWorkflow[] {
  const tracked = execFileSync('git', ['ls-files', '*.md', '*workflow*.json'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const found: DocumentedWorkflow[] = [];
  for (const file of tracked) {
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    const blocks = file.endsWith('.json') ? [text] : [...text.matchAll(/^```json\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
    blocks.forEach((block, index) => {
      if (!/"nodes"\s*:/.test(block) || !/"connections"\s*:/.test(block)) return;
      found.push({
        source: file.endsWith('.json') ? file : `${file}, JSON block ${index + 1}`,
        workflow: JSON.parse(block) as DocumentedWorkflow['workflow'],
      });
    });
  }
  return found;
}

/** Imports each documented workflow as a reader would (`n8n import:workflow`), each on its own so a failure names its source. */
export function importDocumentedWorkflows(cli: (args: string[]) => string, folder: string): string[] {
  const workflows = documentedWorkflows();
  expectThat(workflows.length > 0, 'no workflow found in the documents');
  return workflows.map(({ source, workflow }, index) => {
    const file = path.join(folder, `documented-${index}.json`);
    writeFileSync(file, JSON.stringify(workflow));
    try {
      cli(['import:workflow', `--input=${file}`]);
    } catch (error) {
      throw new Error(`${source} does not import with n8n's CLI: ${error instanceof Error ? error.message : String(error)}`);
    }
    return source;
  });
}
