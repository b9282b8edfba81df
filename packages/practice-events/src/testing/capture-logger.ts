import { appendTestLog } from '@vet/contracts/testing/test-logs';
import type { DispatcherLogger } from '../dispatcher-logger.ts';

/**
 * A logger that keeps every line as JSON, as pino would write it, for tests to read; in a test run the
 * lines also go to the run's log files, which are checked for personal data (decision 0028).
 */
export function captureLogger(): { logger: DispatcherLogger; lines: string[] } {
  const lines: string[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void => {
      const line = JSON.stringify({ level, ...fields, msg: message });
      lines.push(line);
      appendTestLog(`practice-events-in-process-${process.pid}`, line);
    };
  return { logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, lines };
}
