import { z } from 'zod';
import { waitUntil, type WaitOptions } from '../support/wait';

/** One message a debug node showed: which node, and its `msg` as the editor's sidebar gets it (encoded, cut at 1,000 characters). */
export interface DebugMessage {
  nodeId: string;
  msg: string;
  format: string;
}

const Frame = z.array(z.object({ topic: z.string(), data: z.unknown() }));
const StatusData = z.object({ text: z.string().optional() });
const DebugData = z.object({ id: z.string(), msg: z.string().optional(), format: z.string().optional() });

export interface DebugSidebar {
  /** Every debug message so far, oldest first. */
  messages: () => DebugMessage[];
  /** The messages one debug node showed. */
  from: (nodeId: string) => DebugMessage[];
  /** The status texts a node showed since the sidebar opened, oldest first (the editor's `status/#` topic). */
  statuses: (nodeId: string) => string[];
  /** Waits until `nodeId` has shown `count` messages (or more); resolves with them. */
  waitFor: (nodeId: string, count: number, options?: WaitOptions) => Promise<DebugMessage[]>;
  close: () => void;
}

/**
 * What the editor's debug sidebar receives: Node-RED's `/comms` websocket, authenticated with an admin token, then
 * subscribed to `debug` (and to the nodes' statuses, as the editor is). Frames are JSON arrays of `{topic, data}`; anything else (heartbeats, notifications) is skipped.
 */
export async function openDebugSidebar(baseUrl: string, token: string): Promise<DebugSidebar> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/comms`);
  const received: DebugMessage[] = [];
  const statuses: Array<{ nodeId: string; text: string }> = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the /comms websocket did not accept the token within 10 s')), 10_000);
    socket.addEventListener('open', () => socket.send(JSON.stringify({ auth: token })));
    socket.addEventListener('error', () => reject(new Error('the /comms websocket failed to open')));
    socket.addEventListener('message', (event: MessageEvent) => {
      const text = String(event.data);
      if (text.includes('"auth":"ok"')) {
        clearTimeout(timer);
        socket.send(JSON.stringify({ subscribe: 'debug' }));
        socket.send(JSON.stringify({ subscribe: 'status/#' }));
        resolve();
        return;
      }
      if (text.includes('"auth":"fail"')) reject(new Error('the /comms websocket refused the admin token'));
      const frame = Frame.safeParse(JSON.parse(text));
      if (!frame.success) return;
      for (const { topic, data } of frame.data) {
        const debug = topic === 'debug' ? DebugData.safeParse(data) : undefined;
        if (debug?.success) received.push({ nodeId: debug.data.id, msg: debug.data.msg ?? '', format: debug.data.format ?? '' });
        const status = topic.startsWith('status/') ? StatusData.safeParse(data) : undefined;
        if (status?.success) statuses.push({ nodeId: topic.slice('status/'.length), text: status.data.text ?? '' });
      }
    });
  });
  const from = (nodeId: string) => received.filter((message) => message.nodeId === nodeId);
  return {
    messages: () => [...received],
    statuses: (nodeId) => statuses.filter((status) => status.nodeId === nodeId).map((status) => status.text),
    from,
    waitFor: (nodeId, count, options = { timeoutMs: 20_000, intervalMs: 100 }) =>
      waitUntil(
        `${count} debug message(s) from node ${nodeId}`,
        (note) => {
          const seen = note(from(nodeId));
          return seen.length >= count ? seen : undefined;
        },
        options,
      ),
    close: () => socket.close(),
  };
}
