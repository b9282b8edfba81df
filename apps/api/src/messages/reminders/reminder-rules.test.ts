import { describe, expect, it } from 'vitest';
import { isQuietHours, endOfQuietHours } from '@vet/email/quiet-hours';
import {
  defaultReminderRules,
  parseReminderRules,
  reminderDueAt,
  reminderKind,
  type ReminderRule,
} from './reminder-rules.ts';

const twoDaysBefore: ReminderRule = { daysBefore: 2 };
const onTheDayAt8: ReminderRule = { daysBefore: 0, at: '08:00' };
const at = (iso: string) => new Date(iso);

describe('appointment reminder times (decision 0085)', () => {
  it('defaults to two days before and 08:00 on the day', () => {
    expect(defaultReminderRules).toEqual([twoDaysBefore, onTheDayAt8]);
    expect(defaultReminderRules.map(reminderKind)).toEqual(['d2', 'd0@08:00']);
    expect(parseReminderRules(null)).toBe(defaultReminderRules);
  });

  it('reads the practice clock in winter (GMT) and summer (BST)', () => {
    // 10:00 GMT on Thursday 17 January 2030.
    expect(reminderDueAt(twoDaysBefore, at('2030-01-17T10:00:00Z'))?.toISOString()).toBe(
      '2030-01-15T10:00:00.000Z',
    );
    expect(reminderDueAt(onTheDayAt8, at('2030-01-17T10:00:00Z'))?.toISOString()).toBe(
      '2030-01-17T08:00:00.000Z',
    );
    // 10:00 BST on 18 July 2030 is 09:00 UTC; 08:00 BST is 07:00 UTC.
    expect(reminderDueAt(twoDaysBefore, at('2030-07-18T09:00:00Z'))?.toISOString()).toBe(
      '2030-07-16T09:00:00.000Z',
    );
    expect(reminderDueAt(onTheDayAt8, at('2030-07-18T09:00:00Z'))?.toISOString()).toBe(
      '2030-07-18T07:00:00.000Z',
    );
  });

  it('keeps the clock time across the change to BST (31 March 2030)', () => {
    // 10:00 BST on Tuesday 2 April (09:00 UTC): two days before is 10:00 BST on Sunday 31 March, after the change.
    expect(reminderDueAt(twoDaysBefore, at('2030-04-02T09:00:00Z'))?.toISOString()).toBe(
      '2030-03-31T09:00:00.000Z',
    );
    // 10:00 BST on Monday 1 April: two days before is 10:00 GMT on Saturday 30 March (10:00 UTC).
    expect(reminderDueAt(twoDaysBefore, at('2030-04-01T09:00:00Z'))?.toISOString()).toBe(
      '2030-03-30T10:00:00.000Z',
    );
  });

  it('moves a reminder out of quiet hours to 08:00, and drops one that would come after the start', () => {
    // 07:30 GMT appointment: two days before is 07:30, quiet, so 08:00 that morning.
    expect(reminderDueAt(twoDaysBefore, at('2030-01-17T07:30:00Z'))?.toISOString()).toBe(
      '2030-01-15T08:00:00.000Z',
    );
    // 20:30 BST appointment: two days before is 20:30, quiet, so 08:00 BST the next morning.
    expect(reminderDueAt(twoDaysBefore, at('2030-07-18T19:30:00Z'))?.toISOString()).toBe(
      '2030-07-17T07:00:00.000Z',
    );
    // No "08:00 on the day" for an appointment at 07:30 or 08:00.
    expect(reminderDueAt(onTheDayAt8, at('2030-01-17T07:30:00Z'))).toBeNull();
    expect(reminderDueAt(onTheDayAt8, at('2030-01-17T08:00:00Z'))).toBeNull();
  });

  it('never sends between 20:00 and 08:00 practice time', () => {
    expect(isQuietHours(at('2030-01-15T19:59:00Z'))).toBe(false);
    expect(isQuietHours(at('2030-01-15T20:00:00Z'))).toBe(true);
    expect(isQuietHours(at('2030-01-16T07:59:00Z'))).toBe(true);
    expect(isQuietHours(at('2030-01-16T08:00:00Z'))).toBe(false);
    // BST: 19:30 UTC is 20:30 on the practices' clocks; 07:00 UTC is 08:00.
    expect(isQuietHours(at('2030-07-16T19:30:00Z'))).toBe(true);
    expect(isQuietHours(at('2030-07-16T07:00:00Z'))).toBe(false);
    expect(endOfQuietHours(at('2030-07-16T19:30:00Z')).toISOString()).toBe('2030-07-17T07:00:00.000Z');
    expect(endOfQuietHours(at('2030-01-16T03:00:00Z')).toISOString()).toBe('2030-01-16T08:00:00.000Z');
    expect(endOfQuietHours(at('2030-01-16T12:00:00Z')).toISOString()).toBe('2030-01-16T12:00:00.000Z');
  });

  it("reads a practice's own times strictly, falling back to the default on anything malformed", () => {
    expect(parseReminderRules('[{"daysBefore":1,"at":"18:00"},{"daysBefore":7}]')).toEqual([
      { daysBefore: 1, at: '18:00' },
      { daysBefore: 7 },
    ]);
    expect(parseReminderRules('[]')).toEqual([]);
    for (const bad of [
      'not json',
      '{}',
      '[{"daysBefore":-1}]',
      '[{"daysBefore":15}]',
      '[{"daysBefore":1,"at":"25:00"}]',
      '[{"daysBefore":1.5}]',
      '[null]',
    ]) {
      expect(parseReminderRules(bad)).toBe(defaultReminderRules);
    }
  });
});
