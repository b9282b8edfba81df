import { STATUS_CODES } from 'node:http';
import type { ApiError } from '@vet/contracts/errors';

/**
 * Every failure a service or route reports is one of these outcomes; only `statusOf` knows HTTP. Anything
 * else thrown is a bug and answers a bare 500.
 */
export type ProblemKind =
  | 'badRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'unprocessable'
  | 'tooManyRequests'
  | 'serviceUnavailable';

export type Issue = NonNullable<ApiError['issues']>[number];

export class ApiProblem extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
    readonly issues?: Issue[],
    /** A 429's Retry-After, when the caller can know when to try again. */
    readonly retryAfterSeconds?: number,
    /** The error body's `code`: what the client should do about it (e.g. reauthentication_required). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiProblem';
  }
}

export const badRequest = (message: string, issues?: Issue[]) =>
  new ApiProblem('badRequest', message, issues);
export const unauthorized = (message = 'Sign in to continue.') => new ApiProblem('unauthorized', message);
export const forbidden = (message = 'You do not have access to this.', code?: string) =>
  new ApiProblem('forbidden', message, undefined, undefined, code);
/** Also the answer for another owner's record, so existence never leaks. */
export const notFound = (message = 'We could not find what you asked for.') =>
  new ApiProblem('notFound', message);
/**
 * Decision 0079: the action needs a sign-in within the last few minutes and this one is older (or its
 * time is unknown). The web sends the person to the provider to sign in again, then back.
 */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';
export const reauthenticationRequired = (message = 'For your security, please sign in again to continue.') =>
  new ApiProblem('forbidden', message, undefined, undefined, REAUTHENTICATION_REQUIRED);
/** `code`: which conflict, where callers handle them apart (the integration API's codes, decision 0102). */
export const conflict = (message: string, code?: string) =>
  new ApiProblem('conflict', message, undefined, undefined, code);
/** Well-formed, but the records it names cannot do what it asks (e.g. no e-mail address to write to). */
export const unprocessable = (message: string, issues?: Issue[], code?: string) =>
  new ApiProblem('unprocessable', message, issues, undefined, code);
export const tooManyRequests = (
  message = 'Too many requests. Please wait a minute and try again.',
  retryAfterSeconds?: number,
) => new ApiProblem('tooManyRequests', message, undefined, retryAfterSeconds);
/** `code`: what the client should do instead (the address lookup's fallback: decision 0098). */
export const serviceUnavailable = (
  message = 'The service is not available right now. Please try again.',
  code?: string,
) => new ApiProblem('serviceUnavailable', message, undefined, undefined, code);

export function statusOf(kind: ProblemKind): number {
  switch (kind) {
    case 'badRequest':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden':
      return 403;
    case 'notFound':
      return 404;
    case 'conflict':
      return 409;
    case 'unprocessable':
      return 422;
    case 'tooManyRequests':
      return 429;
    case 'serviceUnavailable':
      return 503;
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The one error body: `error` is the status text, so clients can show it as R8.1 does. */
export function errorBody(statusCode: number, message: string, issues?: Issue[], code?: string): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(issues && issues.length > 0 ? { issues } : {}),
    ...(code ? { code } : {}),
  };
}
