import { describe, expect, it } from 'vitest';
import { bookingHref, changeAppointmentHref, changeVisitHref, readBookingParams } from './booking-params';

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
      withPetIds: [],
      visitId: null,
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
      withPetIds: [],
      visitId: null,
    });
  });

  it('carries the other pets of a visit and the visit booked (decision 0117)', () => {
    const href = bookingHref({ petId: 3, withPetIds: [9, 4], reasonId: 7 });
    expect(href).toBe('/appointments/book?petId=3&reasonId=7&with=9%2C4');
    expect(readBookingParams(new URL(href, 'http://x').searchParams).withPetIds).toEqual([9, 4]);
    expect(readBookingParams(new URLSearchParams('with=9,x,9,-2')).withPetIds).toEqual([9]);
    const visitId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const done = readBookingParams(new URLSearchParams(`step=done&visitId=${visitId}`));
    expect(done).toMatchObject({ step: 'done', visitId });
    expect(readBookingParams(new URLSearchParams('step=done&visitId=nope')).visitId).toBeNull();
  });

  it('changes an appointment, or a whole visit (decision 0117)', () => {
    expect(changeAppointmentHref(12)).toBe('/appointments/book?change=1&appointmentId=12');
    const visitId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const href = changeVisitHref(visitId);
    expect(href).toBe(`/appointments/book?change=1&visitId=${visitId}`);
    expect(readBookingParams(new URL(href, 'http://x').searchParams)).toMatchObject({
      amend: true,
      visitId,
      appointmentId: null,
      step: 'choose',
    });
  });
});
