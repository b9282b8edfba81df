import { scrubPersonalData } from '@vet/contracts/personal-data';
import type { LoggerInstance } from 'next-auth';
import { serverLogLines } from '@/observability/logger';

/**
 * next-auth's logger. Its default prints whole error objects with stacks, and some carry provider
 * answers; this prints the code and the error's name and (shortened) message only: no stack, no token,
 * no personal data. A cookie whose session has ended (signed out, expired, a copy replayed) is expected
 * and gets one quiet line.
 */

type ErrorLike = { name?: unknown; message?: unknown };

function errorOf(metadata: unknown): ErrorLike | undefined {
  if (metadata instanceof Error) return metadata;
  if (metadata && typeof metadata === 'object' && 'error' in metadata) {
    const inner = metadata.error;
    if (inner && typeof inner === 'object') return inner;
  }
  return undefined;
}

export function describeAuthError(code: string, metadata: unknown): string {
  const error = errorOf(metadata);
  const name = typeof error?.name === 'string' ? error.name : 'Error';
  const message = typeof error?.message === 'string' ? error.message.slice(0, 200) : '';
  return `[auth] ${code}: ${name}${message ? `: ${message}` : ''}`;
}

export function isSessionEnded(metadata: unknown): boolean {
  return errorOf(metadata)?.name === 'SessionEndedError';
}

export function createAuthLogger(
  sink: Pick<Console, 'error' | 'warn' | 'info'> = serverLogLines,
): LoggerInstance {
  return {
    error(code, metadata) {
      if (isSessionEnded(metadata)) sink.info(describeAuthError(code, metadata));
      else sink.error(describeAuthError(code, metadata));
    },
    warn(code) {
      sink.warn(`[auth] warning ${code}`);
    },
    debug() {},
  };
}

/** The codes the browser sends (shared/auth-session/auth-log.ts); anything else is written as UNKNOWN. */
const browserCodes = new Set(['CLIENT_SESSION_ERROR', 'CLIENT_SIGNIN_ERROR', 'CLIENT_ACCESS_TOKEN_ERROR']);

/**
 * Anyone can post to the log path, so a detail is cleaned before it is written: personal data's shapes
 * replaced, anything like a token (a long run with digits in it, or a JWT's `eyJ`) and runs of digits (a
 * code) hidden, only plain characters kept, and cut short. The portal's own details ('Login failed: HTTP
 * 503', 'Session read failed: TypeError') pass unchanged.
 */
export function cleanBrowserDetail(detail: string): string {
  return scrubPersonalData(detail.slice(0, 500))
    .replace(/[\w.+/=-]{16,}/g, (run) => (/\d/.test(run) || run.includes('eyJ') ? '[token]' : run))
    .replace(/\d{4,}/g, '[number]')
    .replace(/\s+/g, ' ')
    .replace(/[^\w .:()[\]-]/g, '')
    .slice(0, 120);
}

export function describeBrowserEntry(code: string, detail: string): string {
  const known = browserCodes.has(code) ? code : 'UNKNOWN';
  const cleaned = cleanBrowserDetail(detail);
  return `[auth] browser ${known}${cleaned ? `: ${cleaned}` : ''}`;
}

/** R7.11: what the browser posted to /api/auth/_log, written as one line at its level. */
export function logBrowserEntry(
  entry: { level: string; code: string; detail: string },
  sink: Pick<Console, 'error' | 'warn'> = serverLogLines,
): void {
  const line = describeBrowserEntry(entry.code, entry.detail);
  if (entry.level === 'warn') sink.warn(line);
  else sink.error(line);
}
