import {
  acceptedContent,
  inputRequired,
  inputResponse,
  type InputRequiredResult,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * Where a confirmation stands on this call:
 * - `unasked`: the client can show the user a question (2026-07-28 `input_required`, or 2025 elicitation,
 *   which the SDK's shim sends over the open connection) and has not been asked yet;
 * - `confirmed` / `declined`: the user's answer, carried by the retried call;
 * - `cannot-ask`: the client declared no form elicitation (or, on stateless 2025 HTTP, no capabilities at all):
 *   the tool acts as before, the model's client having shown the destructive annotation.
 */
export type Confirmation = 'unasked' | 'confirmed' | 'declined' | 'cannot-ask';

const CONFIRM_KEY = 'confirm';

const ConfirmAnswer = z.object({ confirm: z.boolean().meta({ title: 'Yes, do it' }) });

export function confirmationOf(ctx: ServerContext, server: McpServer): Confirmation {
  const answer = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_KEY);
  if (answer.kind === 'elicit') {
    return acceptedContent(ctx.mcpReq.inputResponses, CONFIRM_KEY, ConfirmAnswer)?.confirm === true ? 'confirmed' : 'declined';
  }
  // Per request on 2026-07-28 (the SDK fills it from the request's _meta); from initialize on a 2025 connection.
  const elicitation = server.server.getClientCapabilities()?.elicitation;
  const formMode = elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
  return formMode ? 'unasked' : 'cannot-ask';
}

/** The question, as the protocol carries it: one yes/no field the client shows as a form. */
export function askToConfirm(message: string): InputRequiredResult {
  return inputRequired({ inputRequests: { [CONFIRM_KEY]: inputRequired.elicit({ message, requestedSchema: ConfirmAnswer }) } });
}
