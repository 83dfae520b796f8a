import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

// A stand-in for OpenAI's Chat Completions API on loopback, which n8n's OpenAI Chat Model node reaches through its
// credential's Base URL: it keeps every request (the tools the model is offered, the messages it reads) and answers
// what the check scripts, as JSON or, when the request asks to stream, as server-sent events.

const ToolCall = z.looseObject({ id: z.string(), function: z.looseObject({ name: z.string(), arguments: z.string() }) });
const ContentPart = z.looseObject({ type: z.string(), text: z.string().optional() });
const Message = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(ContentPart), z.null()]).optional(),
  tool_calls: z.array(ToolCall).optional(),
  tool_call_id: z.string().optional(),
});
const OfferedTool = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), description: z.string().optional(), parameters: z.looseObject({}).optional() }),
});
const ChatRequest = z.looseObject({
  model: z.string(),
  stream: z.boolean().optional(),
  messages: z.array(Message),
  tools: z.array(OfferedTool).optional(),
});

export type ChatMessage = z.infer<typeof Message>;
export type OfferedTool = z.infer<typeof OfferedTool>;
export type ChatRequest = z.infer<typeof ChatRequest>;

/** The model's next turn: call one tool, or answer in words. */
export type Turn = { toolCall: { name: string; arguments: Record<string, unknown> } } | { answer: string };
export type Script = (messages: ChatMessage[]) => Turn;

export interface ScriptedModel {
  /** The Base URL for n8n's OpenAI credential. */
  baseUrl: string;
  /** Every chat completion request received, oldest first. */
  requests: ChatRequest[];
  play(script: Script): void;
  stop(): Promise<void>;
}

/** A message's text, whether sent as a string or as content parts. */
export function textOf(message: ChatMessage | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

let calls = 0;

function completion(request: ChatRequest, turn: Turn) {
  const message =
    'answer' in turn
      ? { role: 'assistant', content: turn.answer }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `call_${++calls}`,
              type: 'function',
              function: { name: turn.toolCall.name, arguments: JSON.stringify(turn.toolCall.arguments) },
            },
          ],
        };
  const finish = 'answer' in turn ? 'stop' : 'tool_calls';
  return { id: `chatcmpl-${calls}`, created: Math.floor(Date.now() / 1000), model: request.model, message, finish };
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function answerJson(response: ServerResponse, request: ChatRequest, turn: Turn): void {
  const { id, created, model, message, finish } = completion(request, turn);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
      usage: USAGE,
    }),
  );
}

/** The same turn as OpenAI streams it: a role chunk, the content or the tool call, the finish, the usage, [DONE]. */
function answerStream(response: ServerResponse, request: ChatRequest, turn: Turn): void {
  const { id, created, model, message, finish } = completion(request, turn);
  const chunk = (choices: unknown[], extra: object = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;
  const delta = (content: object, finishReason: string | null = null) =>
    chunk([{ index: 0, delta: content, finish_reason: finishReason, logprobs: null }]);
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  response.write(delta({ role: 'assistant', content: '' }));
  if (message.tool_calls !== undefined) {
    const [call] = message.tool_calls;
    response.write(
      delta({ tool_calls: [{ index: 0, id: call!.id, type: 'function', function: { name: call!.function.name, arguments: '' } }] }),
    );
    response.write(delta({ tool_calls: [{ index: 0, function: { arguments: call!.function.arguments } }] }));
  } else {
    // Two pieces, as a model streams words.
    const text = message.content ?? '';
    const half = Math.ceil(text.length / 2);
    for (const piece of [text.slice(0, half), text.slice(half)]) response.write(delta({ content: piece }));
  }
  response.write(delta({}, finish));
  response.write(chunk([], { usage: USAGE }));
  response.end('data: [DONE]\n\n');
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startScriptedModel(): Promise<ScriptedModel> {
  const requests: ChatRequest[] = [];
  let script: Script = () => ({ answer: 'No script is playing.' });
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              message: `The scripted model serves only POST …/chat/completions, not ${request.method} ${request.url}`,
              type: 'invalid_request_error',
            },
          }),
        );
        return;
      }
      const parsed = ChatRequest.safeParse(JSON.parse(await bodyOf(request)));
      if (!parsed.success) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: parsed.error.message, type: 'invalid_request_error' } }));
        return;
      }
      requests.push(parsed.data);
      const turn = script(parsed.data.messages);
      if (parsed.data.stream === true) answerStream(response, parsed.data, turn);
      else answerJson(response, parsed.data, turn);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    play: (next) => {
      script = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
