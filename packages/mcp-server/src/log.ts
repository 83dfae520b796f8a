/**
 * Where the server's own lines go. stdout belongs to the MCP protocol under stdio, so logs are on stderr only.
 * Every line is scrubbed here, the one place this server scrubs: a line may carry an unexpected error's stack,
 * whose text nothing vouches for. What a client reads needs none (see describeFailure).
 */
export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

export function stderrLogger(secrets: readonly string[]): Logger {
  return scrubbingLogger((line) => process.stderr.write(`${line}\n`), secrets);
}

/** The same lines through console.error: workerd has no process.stderr, and writes the console to its own stderr. */
export function consoleLogger(secrets: readonly string[]): Logger {
  return scrubbingLogger((line) => console.error(line), secrets);
}

function scrubbingLogger(write: (line: string) => void, secrets: readonly string[]): Logger {
  const line = (message: string) => write(`screenrec-mcp: ${scrub(message, secrets)}`);
  return { info: line, error: line };
}

export const silentLogger: Logger = { info: () => undefined, error: () => undefined };

/** Replaces every occurrence of each secret (values of 4+ characters, so a stray "a" cannot blank a line). */
function scrub(text: string, secrets: readonly string[]): string {
  return secrets.filter((secret) => secret.length >= 4).reduce((result, secret) => result.split(secret).join('[redacted]'), text);
}
