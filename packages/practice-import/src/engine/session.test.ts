import { describe, expect, it } from 'vitest';
import { errorCode } from './session.ts';

describe("an error as the import's output tells it", () => {
  it('gives the code and the objects named, never the message, which may quote a value', () => {
    const error = Object.assign(
      new Error('duplicate key value violates unique constraint: (jo@example.com)'),
      {
        code: '23505',
        table: 'clients',
        constraint: 'clients_pms_ref_unique',
      },
    );
    expect(errorCode(error)).toBe('23505: clients, clients_pms_ref_unique');
  });

  it('reads through a wrapping error to the driver’s, and says what a missing table means', () => {
    const wrapped = Object.assign(new Error('Failed query: select …'), {
      cause: Object.assign(new Error('relation "salutations" does not exist'), { code: '42P01' }),
    });
    expect(errorCode(wrapped)).toBe("42P01: the database lacks the portal's tables (migrate it first)");
  });

  it('falls back to the error’s name', () => {
    expect(errorCode(new TypeError('Cannot read properties of undefined (reading "jo@example.com")'))).toBe(
      'TypeError',
    );
    expect(errorCode('text')).toBe('unknown error');
  });
});
