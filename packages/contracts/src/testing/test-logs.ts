import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The test run's log folder (decision 0028): `npm test` (scripts/run-tests.ts) sets TEST_LOG_DIR, every
 * server process the tests start and every in-process logger of a test appends its output to a file
 * there, and after the run a check reads them all for personal data (scripts/lib/test-run/log-check.ts). Outside
 * such a run (a single `vitest run`), nothing is written.
 */
export function testLogDir(): string | undefined {
  return process.env.TEST_LOG_DIR || undefined;
}

/** The file a log of this name goes to in the run's folder, or undefined outside a run. */
export function testLogPath(name: string): string | undefined {
  const dir = testLogDir();
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name.replace(/[^\w.-]+/g, '-')}.log`);
}

/** Appends to the run's log of this name (synchronously: a worker may exit right after). */
export function appendTestLog(name: string, text: string): void {
  const path = testLogPath(name);
  if (path) appendFileSync(path, text.endsWith('\n') ? text : `${text}\n`);
}

/** Where the values tests used (codes, tokens, session ids) are kept for the check: not a log. */
export const testSecretsFile = 'secrets.jsonl';

export type TestSecretKind = 'verification code' | 'invitation code' | 'token' | 'session id' | 'password';

/**
 * Records a value a test read or was handed that must never reach a log (a code from a mailbox, a
 * token, a session id), for the run's log check. Nothing outside a run.
 */
export function recordTestSecret(kind: TestSecretKind, value: string): void {
  const dir = testLogDir();
  if (!dir || value === '') return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, testSecretsFile), `${JSON.stringify({ kind, value })}\n`);
}
