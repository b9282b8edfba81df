import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';

/**
 * For a product event's errorMessage: the status and the API's message. Never the error's own message,
 * which quotes the request's address and with it the query's last name, e-mail and postcode.
 */
export function failureDescription(error: unknown): string {
  const problem = apiProblem(error);
  if (problem.status === null) return error instanceof Error ? error.name : 'Error';
  return [String(problem.status), problem.message].filter(Boolean).join(' ');
}

/**
 * What to tell the person: a 4xx's own message when the API gave one (a rate limit's says how long to
 * wait), and otherwise R8.5's.
 */
export function failureMessage(error: unknown): string {
  const { status, message } = apiProblem(error);
  if (status !== null && status >= 400 && status < 500 && message) return message;
  return submissionFailedMessage;
}
