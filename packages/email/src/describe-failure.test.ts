import { describe, expect, it } from 'vitest';
import { describeFailure } from './describe-failure.ts';

describe('describeFailure', () => {
  it('keeps the codes of an SMTP refusal and drops the reply text, which quotes the recipient', () => {
    const error = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 <olivia@example.com>"),
      {
        code: 'EENVELOPE',
        responseCode: 550,
        command: 'RCPT TO',
        response: '550 5.1.1 <olivia@example.com>: Recipient address rejected',
      },
    );
    expect(describeFailure(error)).toBe('Error (EENVELOPE, SMTP 550, at RCPT TO)');
  });

  it('keeps the SQLSTATE of a failed query, found in its cause, and drops the query parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    const error = new Error('Failed query: insert into email_outbox ... params: olivia@example.com', {
      cause,
    });
    error.name = 'DrizzleQueryError';
    expect(describeFailure(error)).toBe('DrizzleQueryError (23505)');
  });

  it('refuses codes and commands that could carry data', () => {
    const error = Object.assign(new Error('x'), {
      code: 'olivia@example.com',
      command: 'RCPT TO:<olivia@example.com>',
    });
    expect(describeFailure(error)).toBe('Error');
    expect(describeFailure('a string')).toBe('a non-Error value was thrown');
  });
});
