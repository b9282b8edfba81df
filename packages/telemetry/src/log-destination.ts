/**
 * Where a server's pino log writes: stdout, or, inside a vitest run, the console (decision 0071). Tests
 * run the servers' code in process, and what a test writes to the console reaches the run's log files,
 * which the log check reads for personal data (decision 0028), and a console.error a test did not declare
 * fails it; pino's own stdout writes would pass by both.
 */
export interface LogDestination {
  write(line: string): void;
}

/** Lines at pino's error level (50) and above go to console.error, the rest to console.log. */
export const consoleLogDestination: LogDestination = {
  write(line) {
    const { level } = JSON.parse(line) as { level?: number };
    if ((level ?? 0) >= 50) console.error(line.trimEnd());
    else console.log(line.trimEnd());
  },
};

/** The console inside a vitest run, else undefined: pino's default, stdout. */
export function serverLogDestination(): LogDestination | undefined {
  // eslint-disable-next-line no-restricted-properties -- set by vitest itself, never by a deployment
  return process.env.VITEST ? consoleLogDestination : undefined;
}
