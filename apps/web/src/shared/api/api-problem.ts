import type { ApiError as ApiErrorBody } from '@vet/contracts/errors';
import { ApiError } from './api-client';

/** R8.5: what a failed submission says. */
export const submissionFailedMessage =
  'Submission failed, please try again. If the problem persists, please contact your practice for help.';

export interface ApiProblem {
  /** The HTTP status; null when the call never got an answer (offline) or the answer made no sense. */
  status: number | null;
  /** The API's own message (its messages are written for the person), when it sent one. */
  message: string | null;
  /** Field-level problems of a 400, keyed by dotted path. */
  issues: { path: string; message: string }[];
  /** What to do about it, when the API said (`address_lookup_off`, …: `@vet/contracts/errors`). */
  code: string | null;
}

function isIssue(value: unknown): value is { path: string; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}

/**
 * The API's error shape (`@vet/contracts/errors`), checked by hand: an error can come from elsewhere (a
 * proxy's page, a gateway's text), and zod stays out of the browser (decision 0032).
 */
export function readErrorBody(body: unknown): Pick<ApiErrorBody, 'message' | 'issues' | 'code'> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, issues, code } = body as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  if (issues !== undefined && !(Array.isArray(issues) && issues.every(isIssue))) return null;
  return { message, issues, code: typeof code === 'string' ? code : undefined };
}

/** What a failed call says, read from the API's one error shape. */
export function apiProblem(error: unknown): ApiProblem {
  if (!(error instanceof ApiError)) return { status: null, message: null, issues: [], code: null };
  const body = readErrorBody(error.body);
  return {
    status: error.status,
    message: body?.message ?? null,
    issues: body?.issues ?? [],
    code: body?.code ?? null,
  };
}
