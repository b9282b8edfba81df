import type { AppointmentSummary } from '@vet/contracts/appointments';
import { buildAppointment } from '@vet/contracts/testing/builders';
import { describe, expect, it } from 'vitest';
import { nextBookedAppointment } from './next-appointment';

const appointment = (startsAt: string, status: AppointmentSummary['status'] = 'Booked') =>
  buildAppointment({ startsAt, status });

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
