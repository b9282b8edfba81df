import { describe, expect, it } from 'vitest';
import {
  createSoftBookingBodySchema,
  guestAppointmentSlotsQuerySchema,
  replaceSoftBookingBodySchema,
} from './guest-bookings.ts';

const body = {
  practiceId: 1,
  appointmentReasonId: 2,
  speciesId: 3,
  startsAt: '2026-12-01T10:00:00Z',
  petName: ' Pepper ',
  firstName: 'Ada',
  lastName: 'Guest',
  email: ' ada@example.test ',
  mobile: '07400 123456',
};

describe('guest booking contracts', () => {
  it('trims the guest’s answers and refuses an e-mail that is not one, with the new-client words', () => {
    expect(createSoftBookingBodySchema.parse(body)).toMatchObject({
      petName: 'Pepper',
      email: 'ada@example.test',
    });
    const refused = createSoftBookingBodySchema.safeParse({ ...body, email: 'ada', firstName: ' ' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', 'Enter your first name.'],
      ['email', 'Enter a valid e-mail address.'],
    ]);
  });

  it('replaces with a new slot only: the species and the guest’s details carry over', () => {
    expect(replaceSoftBookingBodySchema.parse(body)).toEqual({
      practiceId: 1,
      appointmentReasonId: 2,
      startsAt: '2026-12-01T10:00:00Z',
    });
  });

  it('needs the species in a guest search, and dates in order when both are given', () => {
    expect(guestAppointmentSlotsQuerySchema.safeParse({ appointmentReasonId: '2' }).success).toBe(false);
    expect(guestAppointmentSlotsQuerySchema.parse({ appointmentReasonId: '2', speciesId: '3' })).toEqual({
      appointmentReasonId: 2,
      speciesId: 3,
    });
    const backwards = guestAppointmentSlotsQuerySchema.safeParse({
      appointmentReasonId: '2',
      speciesId: '3',
      fromDate: '2026-12-02',
      toDate: '2026-12-01',
    });
    expect(backwards.error?.issues[0]?.path).toEqual(['toDate']);
  });
});
