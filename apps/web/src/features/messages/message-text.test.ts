import { describe, expect, it } from 'vitest';
import {
  answerTimeWords,
  conversationTitle,
  fileSizeWords,
  openingHoursRows,
  serialIdOf,
  suggestedBookingHref,
} from './message-text';

describe('message words', () => {
  it('says the answer time in opening hours', () => {
    expect(answerTimeWords(1)).toBe('within 1 opening hour');
    expect(answerTimeWords(4)).toBe('within 4 opening hours');
  });

  it('lists the week from Monday, closed days said', () => {
    const rows = openingHoursRows([
      { dayOfWeek: 1, opensAt: '08:00', closesAt: '18:00' },
      { dayOfWeek: 6, opensAt: '09:00', closesAt: '12:00' },
    ]);
    expect(rows[0]).toEqual({ day: 'Monday', hours: '08:00 to 18:00' });
    expect(rows[1]).toEqual({ day: 'Tuesday', hours: 'Closed' });
    expect(rows[5]).toEqual({ day: 'Saturday', hours: '09:00 to 12:00' });
    expect(rows[6]).toEqual({ day: 'Sunday', hours: 'Closed' });
  });

  it('links a suggested booking to the booking page with the pet and reason', () => {
    expect(suggestedBookingHref(12, 7)).toBe('/appointments/book?petId=12&reasonId=7');
    expect(suggestedBookingHref(null, 7)).toBe('/appointments/book?reasonId=7');
  });

  it('names a conversation by its pet or the account', () => {
    expect(conversationTitle('Bramble')).toBe('About Bramble');
    expect(conversationTitle(null)).toBe('About your account');
  });

  it('weighs files as a person reads them', () => {
    expect(fileSizeWords(4 * 1024 * 1024)).toBe('4.0 MB');
    expect(fileSizeWords(640 * 1024)).toBe('640 KB');
    expect(fileSizeWords(10)).toBe('1 KB');
  });

  it('reads only API ids from a path', () => {
    expect(serialIdOf('42')).toBe(42);
    expect(serialIdOf('0')).toBeNull();
    expect(serialIdOf('4x')).toBeNull();
    expect(serialIdOf('9999999999')).toBeNull();
  });
});
