import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';

/** js-yaml comes with jest (no types of its own here). */
const { load } = jest.requireActual<{ load: (text: string) => unknown }>('js-yaml');

export interface Step {
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'working-directory'?: string;
}

export interface Workflow {
  on: { push?: { tags?: string[] } | null; pull_request?: unknown; workflow_dispatch?: unknown };
  permissions?: Record<string, string>;
  jobs: Record<string, { container?: { image: string }; steps: Step[] }>;
}

/** A workflow of .github/workflows, as GitHub reads it (YAML). */
export function readWorkflow(file: string): Workflow {
  return load(readFileSync(path.join(REPO_ROOT, '.github/workflows', file), 'utf8')) as Workflow;
}

/** The one job's steps (every workflow here has one job). */
export function stepsOf(workflow: Workflow): Step[] {
  const jobs = Object.values(workflow.jobs);
  if (jobs.length !== 1) throw new Error(`expected one job, found ${jobs.length}`);
  return jobs[0]!.steps;
}

/** The Node.js major a job runs its steps on: setup-node's node-version, or a node:<major> container image. */
export function nodeMajorOf(workflow: Workflow): number | undefined {
  const job = Object.values(workflow.jobs)[0]!;
  const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
  if (setup !== undefined) return Number(setup.with?.['node-version']);
  const image = /^node:(\d+)/.exec(job.container?.image ?? '');
  return image === null ? undefined : Number(image[1]);
}

/** Where the step running exactly `command` is, or -1. */
export function indexOfRun(steps: Step[], command: string): number {
  return steps.findIndex((step) => step.run?.trim() === command);
}

/** Whether a GitHub Actions tag filter matches `tag` (`*` is anything but `/`, `**` anything). */
export function tagFilterMatches(filter: string, tag: string): boolean {
  const pattern = filter
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${pattern}$`).test(tag);
}
