import { describe, expect, it } from 'vitest';
import { normaliseActivationStatus } from './activation-status';

describe('normaliseActivationStatus (R3.2)', () => {
  it.each([
    ['NOT_STARTED', 'NOT_STARTED'],
    ['NotStarted', 'NOT_STARTED'],
    ['STARTED', 'STARTED'],
    ['Started', 'STARTED'],
    ['COMPLETED', 'COMPLETED'],
    ['Completed', 'COMPLETED'],
  ])('reads %s as %s', (spelling, status) => {
    expect(normaliseActivationStatus(spelling)).toBe(status);
  });

  it.each(['completed', 'DONE', '', 'Not_Started', null, undefined, 3])(
    'does not read %s as a status',
    (value) => {
      expect(normaliseActivationStatus(value)).toBeUndefined();
    },
  );
});
