import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-client';
import { submissionFailedMessage } from '@/shared/api/api-problem';
import { failureDescription, failureMessage } from './failure-message';

const url = '/bff/signup/check?LastName=Thompson&Email=grace%40example.net&PostCode=SW4+0LN';
const apiError = (status: number, body: unknown) => new ApiError(url, status, body);

describe('failureMessage', () => {
  it("shows a 4xx's own message, such as a rate limit's", () => {
    const body = { statusCode: 429, error: 'Too Many Requests', message: 'Please wait a minute.' };
    expect(failureMessage(apiError(429, body))).toBe('Please wait a minute.');
  });

  it("falls back to R8.5's message for a 5xx, a 4xx without a message and no answer", () => {
    const body = { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong.' };
    expect(failureMessage(apiError(500, body))).toBe(submissionFailedMessage);
    expect(failureMessage(apiError(404, undefined))).toBe(submissionFailedMessage);
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(submissionFailedMessage);
  });
});

describe('failureDescription (for product events)', () => {
  it("gives the status and the API's message, never the request's address", () => {
    const body = { statusCode: 429, error: 'Too Many Requests', message: 'Please wait a minute.' };
    const description = failureDescription(apiError(429, body));
    expect(description).toBe('429 Please wait a minute.');
    expect(failureDescription(apiError(500, 'x'))).toBe('500');
    expect(failureDescription(new TypeError('Failed to fetch'))).toBe('TypeError');
    expect(description).not.toContain('Thompson');
  });
});
