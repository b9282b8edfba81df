import { describe, expect, it } from 'vitest';
import { failureOf } from './failure.ts';

describe('the walkthrough’s failure line', () => {
  it('words the API’s error body, with its issues, as the generated client throws it', () => {
    const answer = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request is not valid.',
      issues: [{ path: 'url', message: 'the host 10.0.0.1 is a private address' }],
    };
    expect(failureOf(answer)).toBe('The request is not valid.; url: the host 10.0.0.1 is a private address');
  });

  it('keeps an Error’s message, and anything else as text', () => {
    expect(failureOf(new Error('The token endpoint answered 401'))).toBe('The token endpoint answered 401');
    expect(failureOf('refused')).toBe('refused');
  });
});
