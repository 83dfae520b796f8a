import type { Icon, ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { CallOptions } from '@screenrec/core';
import type { Confirmation } from '../confirm';
import type { Connections } from '../connections';
import type { ProgressReport } from '../progress';
import type { Side } from '../results';

/** What a tool returns on success: the structured result (checked against its output schema) and a short text. */
export interface ToolOutcome<Output> {
  structured: Output;
  text: string;
}

/** A tool that must hear from the user first: the question to ask, or why it stopped (the user said no). */
export type ToolPause = { ask: string } | { declined: string };

/** What a tool may learn from, or tell, the client during its call besides its arguments. */
export interface ToolContext {
  /** Where a confirmation stands; read on demand, since only a tool that asks needs the client's capabilities parsed. */
  confirmation(): Confirmation;
  /** A progress note to the client, when it asked for them. */
  progress: ProgressReport;
}

/** One tool: its contract with the model, and the core calls behind it. */
export interface ToolDefinition<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** Which interface the tool uses, so that a failure names the right setting. */
  side: Side;
  input: Input;
  output: Output;
  annotations: Omit<ToolAnnotations, 'title'>;
  icons: Icon[];
  run(args: z.output<Input>, call: Required<CallOptions>, connections: Connections, context: ToolContext): Promise<ToolOutcome<z.input<Output>> | ToolPause>;
}

/** Keeps each tool's argument and result types tied to its schemas. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(tool: ToolDefinition<Input, Output>): ToolDefinition<Input, Output> {
  return tool;
}
