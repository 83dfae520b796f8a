import type { Icon, ToolAnnotations } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import {
  InvalidInputError,
  describeFieldErrors,
  fieldErrorsOf,
  invalidInputMessage,
  type BoundedCall,
  type ServiceInterface,
} from 'screenrec';
import type { Confirmation } from './confirm';
import type { Connections } from '../connections';
import type { ProgressReport } from './progress';
import { withFieldHelp } from './catalogue';

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
  /** Which of ScreenRec's interfaces the tool uses, so that a failure names the right setting. */
  serviceInterface: ServiceInterface;
  input: Input;
  output: Output;
  annotations: Omit<ToolAnnotations, 'title'>;
  icons: Icon[];
  /** Its result is a recording or a video link: a client with MCP Apps shows it in the recording card. */
  showsCard?: true;
  run(
    args: z.output<Input>,
    call: BoundedCall,
    connections: Connections,
    context: ToolContext,
  ): Promise<ToolOutcome<z.input<Output>> | ToolPause>;
}

/**
 * A tool as the server lists and dispatches it: its arguments checked against its own schema before it runs, its
 * output schema with every recording field described.
 */
export interface Tool extends Omit<ToolDefinition, 'run'> {
  run(
    args: unknown,
    call: BoundedCall,
    connections: Connections,
    context: ToolContext,
  ): Promise<ToolOutcome<Record<string, unknown>> | ToolPause>;
}

/**
 * Keeps each tool's argument and result types tied to its schemas. Arguments that do not fit fail with core's
 * INVALID_INPUT naming the field, like every other failure a model reads.
 */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(tool: ToolDefinition<Input, Output>): Tool {
  return {
    ...tool,
    // Described once here, not for each server instance the HTTP handler makes.
    output: withFieldHelp(tool.output),
    run: async (args, call, connections, context) => {
      const input = tool.input.safeParse(args ?? {});
      if (input.success) return tool.run(input.data, call, connections, context);
      const fieldErrors = fieldErrorsOf(input.error);
      throw new InvalidInputError(invalidInputMessage(describeFieldErrors(fieldErrors)), { fieldErrors });
    },
  };
}
