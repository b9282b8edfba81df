import { QueryClient } from '@tanstack/react-query';
import { ApiError, UnexpectedResponseError } from '@/shared/api/api-client';

/** R9.4: data stays fresh for 3 minutes. */
export const defaultStaleTimeMs = 180_000;
/** R9.5: up to 3 retries. */
export const maxQueryRetries = 3;

/** Exponential back-off: 1 s, 2 s, 4 s, ... capped at 30 s (R9.5); `attempt` counts earlier failures. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * Whether a failed query is worth another try. A 4xx answer will not change on its own (except a request
 * timeout or rate limit), and neither will a response of the wrong shape; network errors and 5xx might.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= maxQueryRetries) return false;
  if (error instanceof UnexpectedResponseError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: defaultStaleTimeMs,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      mutations: { retry: 0 },
    },
  });
}
