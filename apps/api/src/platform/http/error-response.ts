import type { ApiError } from '@vet/contracts/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import {
  ApiProblem,
  errorBody,
  INTERNAL_ERROR_MESSAGE,
  serviceUnavailable,
  statusOf,
  type Issue,
} from './errors.ts';

export interface ErrorResponse {
  statusCode: number;
  body: ApiError;
  /** A typed outcome or a bad request; false for our own faults: log them loudly, tell the caller nothing. */
  isExpected: boolean;
}

/**
 * The one mapping from anything thrown to what the caller sees. Our typed problems keep their message;
 * request validation becomes a 400 with field issues; Fastify's own 4xx (bad JSON, unsupported media type,
 * body too large) keep their status and message; a database that cannot be reached is a 503 (try again);
 * everything else, including a response that fails its schema, is a 500 that reveals nothing.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof ApiProblem) {
    const statusCode = statusOf(error.kind);
    return {
      statusCode,
      body: errorBody(statusCode, error.message, error.issues, error.code),
      isExpected: true,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = error.validationContext ?? 'request';
    const issues: Issue[] = error.validation.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean).join('.') || part,
      message: issue.message ?? 'Invalid value',
    }));
    return {
      statusCode: 400,
      body: errorBody(400, `Some ${describePart(part)} are not valid.`, issues),
      isExpected: true,
    };
  }
  const status = clientErrorStatus(error);
  if (status !== undefined && error instanceof Error) {
    return { statusCode: status, body: errorBody(status, error.message), isExpected: true };
  }
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, body: errorBody(503, serviceUnavailable().message), isExpected: true };
  }
  return { statusCode: 500, body: errorBody(500, INTERNAL_ERROR_MESSAGE), isExpected: false };
}

function describePart(part: string): string {
  switch (part) {
    case 'params':
      return 'values in the path';
    case 'querystring':
      return 'query parameters';
    case 'headers':
      return 'request headers';
    case 'body':
      return 'fields of the request body';
    default:
      return 'parts of the request';
  }
}

/** A 4xx that Fastify or one of its plugins raised about the request itself. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const { statusCode } = error;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;
}
