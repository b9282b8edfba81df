import { apiErrorSchema } from '@vet/contracts/errors';
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
}

/** What a failed call says, read from the API's one error shape. */
export function apiProblem(error: unknown): ApiProblem {
  if (!(error instanceof ApiError)) return { status: null, message: null, issues: [] };
  const body = apiErrorSchema.safeParse(error.body);
  return {
    status: error.status,
    message: body.success ? body.data.message : null,
    issues: body.success ? (body.data.issues ?? []) : [],
  };
}
