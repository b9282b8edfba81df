import type { LoggerInstance } from 'next-auth';

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

export function createAuthLogger(sink: Pick<Console, 'error' | 'warn' | 'info'> = console): LoggerInstance {
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
