import { describe, expect, it } from 'vitest';
import { formatAppointmentTime, nextBookedAppointment } from './next-appointment';

const appointment = (
  startsAt: string,
  status: 'Booked' | 'Cancelled' | 'Completed' | 'NoShow' = 'Booked',
) => ({
  startsAt,
  status,
});

describe('nextBookedAppointment', () => {
  const now = new Date('2026-06-10T12:00:00Z');

  it('picks the soonest Booked appointment still to come, whatever the order given', () => {
    const soonest = appointment('2026-06-12T09:00:00Z');
    expect(
      nextBookedAppointment(
        [appointment('2026-07-01T09:00:00Z'), soonest, appointment('2026-06-20T09:00:00Z')],
        now,
      ),
    ).toBe(soonest);
  });

  it('skips past, cancelled, completed and missed appointments', () => {
    expect(
      nextBookedAppointment(
        [
          appointment('2026-06-01T09:00:00Z'),
          appointment('2026-06-10T12:00:00Z'),
          appointment('2026-06-11T09:00:00Z', 'Cancelled'),
          appointment('2026-06-11T10:00:00Z', 'Completed'),
          appointment('2026-06-11T11:00:00Z', 'NoShow'),
        ],
        now,
      ),
    ).toBeUndefined();
    expect(nextBookedAppointment([], now)).toBeUndefined();
  });
});

describe('formatAppointmentTime', () => {
  it('writes the date and time in UK time, British style', () => {
    expect(formatAppointmentTime('2026-11-24T10:30:00Z')).toBe('Tuesday 24 November 2026, 10:30');
  });

  it('shows British Summer Time as the practice clock does', () => {
    expect(formatAppointmentTime('2026-07-01T08:05:00Z')).toBe('Wednesday 1 July 2026, 09:05');
    expect(formatAppointmentTime('2026-07-01T23:30:00Z')).toBe('Thursday 2 July 2026, 00:30');
  });

  it('takes any offset the API writes, either side of the clocks going forward', () => {
    expect(formatAppointmentTime('2026-03-29T02:30:00+02:00')).toBe('Sunday 29 March 2026, 00:30');
    expect(formatAppointmentTime('2026-03-29T03:30:00+02:00')).toBe('Sunday 29 March 2026, 02:30');
  });
});
