import { describe, expect, it } from 'vitest';
import { listedAppointmentSchema } from '../appointments.ts';
import { petSchema } from '../pets.ts';
import { onlinePracticeSchema } from '../practices.ts';
import { clientProfileSchema } from '../profile.ts';
import { buildAppointment, buildPet, buildPractice, buildProfile } from './builders.ts';

describe('the contract builders', () => {
  it.each([
    ['buildPet', buildPet, petSchema],
    ['buildProfile', buildProfile, clientProfileSchema],
    ['buildAppointment', buildAppointment, listedAppointmentSchema],
    ['buildPractice', buildPractice, onlinePracticeSchema],
  ] as const)(
    '%s gives a value its contract accepts, with every field of the contract',
    (_name, build, schema) => {
      const value = build();
      expect(schema.parse(value)).toEqual(value);
      expect(Object.keys(value).sort()).toEqual(Object.keys(schema.shape).sort());
    },
  );

  it('applies the overrides', () => {
    expect(buildPet({ petId: 7, name: 'Rex', status: 'Deceased' })).toMatchObject({
      petId: 7,
      name: 'Rex',
      status: 'Deceased',
    });
    expect(buildProfile({ clientId: null, activationStatus: 'NOT_STARTED' })).toMatchObject({
      clientId: null,
      activationStatus: 'NOT_STARTED',
    });
    expect(buildPractice({ id: 3 }).name).toBe('Test Practice 3');
  });

  it('gives each pet, appointment and practice its own id', () => {
    expect(buildPet().petId).not.toBe(buildPet().petId);
    expect(buildAppointment().appointmentId).not.toBe(buildAppointment().appointmentId);
    expect(buildPractice().id).not.toBe(buildPractice().id);
  });

  it('ends an appointment 15 minutes after the start it was given', () => {
    expect(buildAppointment({ startsAt: '2026-07-01T08:05:00+01:00' })).toMatchObject({
      startsAt: '2026-07-01T08:05:00+01:00',
      endsAt: '2026-07-01T07:20:00.000Z',
    });
  });

  it('refuses what the API could never send', () => {
    expect(() => buildPet({ status: 'Lost' as never })).toThrow();
    expect(() => buildAppointment({ startsAt: '24/11/2026 10:30' })).toThrow();
    expect(() => buildProfile({ success: false as never })).toThrow();
  });
});
