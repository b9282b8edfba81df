import { describe, expect, it } from 'vitest';
import { asConnectionFailure } from './queue-retries.ts';

describe('asConnectionFailure', () => {
  it.each([
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
    'Connection terminated unexpectedly',
    'Connection terminated',
  ])('gives pg’s “%s” the code the queue retries (08006)', (message) => {
    expect(asConnectionFailure(new Error(message))).toMatchObject({ message, code: '08006' });
  });

  it('leaves other errors, and errors that have a code, as they are', () => {
    const other = new Error('relation "graphile_worker.jobs" does not exist');
    expect(asConnectionFailure(other)).not.toHaveProperty('code');
    const coded = Object.assign(new Error('Connection terminated'), { code: '57P01' });
    expect(asConnectionFailure(coded)).toMatchObject({ code: '57P01' });
    expect(asConnectionFailure('not an error')).toBe('not an error');
  });
});
