// The page of a minimal MCP Apps host, bundled for Chromium: ext-apps's own AppBridge shows the card in an iframe and
// hands it a tool result; the card's calls to our server's tools are answered by the suite (cardToolCall).
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/client';

declare global {
  interface Window {
    showCard(html: string, result: CallToolResult): Promise<void>;
    cardToolCall(name: string, args: unknown): Promise<CallToolResult>;
  }
}

window.showCard = async (html, result) => {
  document.body.replaceChildren();
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 640px; height: 560px; border: 0';
  document.body.append(frame);
  const bridge = new AppBridge(
    null,
    { name: 'screenrec-card-check', version: '1.0.0' },
    { serverTools: {}, openLinks: {} },
    { hostContext: { theme: 'light', timeZone: 'UTC' } },
  );
  bridge.oncalltool = (params) => window.cardToolCall(params.name, params.arguments);
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  // Listening before the card loads: its first message (ui/initialize) is sent as soon as its script runs.
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = html;
  await initialized;
  await bridge.sendToolResult(result);
};
