import { describe, expect, it } from 'vitest';
import { bookingHref, changeAppointmentHref, readBookingParams } from './booking-params';

describe('booking params', () => {
  it('round-trips the steps through the address', () => {
    const href = bookingHref({
      petId: 3,
      reasonId: 7,
      clinicianId: 5,
      startsAt: '2026-12-01T09:30:00.000Z',
      step: 'confirm',
    });
    expect(href).toBe(
      '/appointments/book?petId=3&reasonId=7&clinicianId=5&startsAt=2026-12-01T09%3A30%3A00.000Z&step=confirm',
    );
    expect(readBookingParams(new URL(href, 'http://x').searchParams)).toEqual({
      petId: 3,
      reasonId: 7,
      clinicianId: 5,
      startsAt: '2026-12-01T09:30:00.000Z',
      step: 'confirm',
      appointmentId: null,
      amend: false,
    });
  });

  it('ignores what is not an id, an instant or a step', () => {
    expect(
      readBookingParams(new URLSearchParams('petId=abc&reasonId=-1&clinicianId=x&startsAt=soon&step=pay')),
    ).toEqual({
      petId: null,
      reasonId: null,
      clinicianId: null,
      startsAt: null,
      step: 'choose',
      appointmentId: null,
      amend: false,
    });
  });

  it('changes an appointment', () => {
    expect(changeAppointmentHref(12)).toBe('/appointments/book?change=1&appointmentId=12');
  });
});
