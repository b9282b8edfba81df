import type { EmailLogger } from '../email-logger.ts';

/** A logger that keeps every line as JSON, as pino would write it, for tests to read. */
export function captureLogger(): { logger: EmailLogger; lines: string[] } {
  const lines: string[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void => {
      lines.push(JSON.stringify({ level, ...fields, msg: message }));
    };
  return { logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, lines };
}
