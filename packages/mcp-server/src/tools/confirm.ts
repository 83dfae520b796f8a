import {
  CLIENT_CAPABILITIES_META_KEY,
  acceptedContent,
  inputRequired,
  inputResponse,
  type InputRequiredResult,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

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
  const elicitation = Capabilities.safeParse(declaredCapabilities(ctx, server)).data?.elicitation;
  // An empty elicitation capability is the 2025-06-18 form: form mode only.
  const formMode = elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
  return formMode ? 'unasked' : 'cannot-ask';
}

/** What the client declared: on 2026-07-28 in each request's _meta, on 2025 once in initialize (none on stateless HTTP). */
function declaredCapabilities(ctx: ServerContext, server: McpServer): unknown {
  const envelope: Record<string, unknown> = { ...ctx.mcpReq.envelope };
  return envelope[CLIENT_CAPABILITIES_META_KEY] ?? server.server.getClientCapabilities();
}

/** The client's word, checked before it decides anything. */
const Capabilities = z.object({ elicitation: z.object({ form: z.unknown(), url: z.unknown() }).partial().optional() });

/** The question, as the protocol carries it: one yes/no field the client shows as a form. */
export function askToConfirm(message: string): InputRequiredResult {
  return inputRequired({ inputRequests: { [CONFIRM_KEY]: inputRequired.elicit({ message, requestedSchema: ConfirmAnswer }) } });
}
