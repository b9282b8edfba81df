import { practiceInstant, practiceMinutesOfDay } from '@vet/contracts/practice-clock';
import { describe, expect, it } from 'vitest';
import { planAppointments, type AppointmentRequest, type PlannerClinician } from './appointment-planner.ts';
import type { PlannedClosure } from './closures.ts';
import { ROTAS } from './data/rotas.ts';

const VET_A: PlannerClinician = { key: 'A', type: 'Vet', rota: ROTAS.vetFullTime };
const VET_B: PlannerClinician = { key: 'B', type: 'Vet', rota: ROTAS.vetWithSaturdays };
const NURSE: PlannerClinician = { key: 'N', type: 'Nurse', rota: ROTAS.nurseFullTime };

function request(overrides: Partial<AppointmentRequest>): AppointmentRequest {
  return {
    practice: 'P',
    clinicians: [VET_A, VET_B, NURSE],
    clinicianType: 'Vet',
    durationMinutes: 15,
    day: 3,
    time: '10:00',
    ...overrides,
  };
}

describe('planAppointments', () => {
  // A Wednesday afternoon in winter: day 3 is Saturday, day 5 Monday.
  const now = new Date('2026-01-14T15:00:00Z');

  it('takes the preferred time on the requested day', () => {
    const [slot] = planAppointments([request({ day: 1, time: '10:00' })], [], now);
    expect(slot?.startsAt.toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(slot?.endsAt.toISOString()).toBe('2026-01-15T10:15:00.000Z');
  });

  it('never gives one clinician two overlapping appointments', () => {
    const requests = Array.from({ length: 30 }, () => request({ day: 1, time: '10:00' }));
    const plan = planAppointments(requests, [], now);
    for (const [i, a] of plan.entries()) {
      for (const b of plan.slice(i + 1)) {
        const clash = a.clinician === b.clinician && a.startsAt < b.endsAt && b.startsAt < a.endsAt;
        expect(clash).toBe(false);
      }
    }
  });

  it('keeps to the shifts: no break, no day off, the right clinician type', () => {
    const plan = planAppointments(
      [
        request({ day: 1, time: '13:30' }),
        request({ day: 3, time: '14:00' }),
        request({ day: 1, time: '09:00', clinicianType: 'Nurse', durationMinutes: 20 }),
      ],
      [],
      now,
    );
    expect(plan.map((p) => p.clinician)).toEqual(['A', 'B', 'N']);
    // 13:30 falls in the 13:00–14:00 lunch; 14:00 is the nearest free time.
    expect(plan[0]?.startsAt.toISOString()).toBe('2026-01-15T14:00:00.000Z');
    // Saturday: only B works, 09:00–13:00, so the nearest to 14:00 is 12:45.
    expect(plan[1]?.startsAt.toISOString()).toBe('2026-01-17T12:45:00.000Z');
  });

  it('moves to another day rather than far from the preferred time', () => {
    const [slot] = planAppointments([request({ day: 3, time: '17:00' })], [], now);
    // Saturday ends at 13:00, so Monday at 17:00.
    expect(slot?.startsAt.toISOString()).toBe('2026-01-19T17:00:00.000Z');
  });

  it('respects practice closures and a clinician’s leave', () => {
    const day = practiceInstant;
    const closures: PlannedClosure[] = [
      {
        practice: 'P',
        clinician: null,
        startsAt: day('2026-01-15', '00:00'),
        endsAt: day('2026-01-16', '00:00'),
        reason: 'x',
      },
      {
        practice: 'P',
        clinician: 'A',
        startsAt: day('2026-01-16', '00:00'),
        endsAt: day('2026-01-17', '00:00'),
        reason: 'y',
      },
      {
        practice: 'Q',
        clinician: null,
        startsAt: day('2026-01-16', '00:00'),
        endsAt: day('2026-01-20', '00:00'),
        reason: 'z',
      },
    ];
    const [slot] = planAppointments([request({ day: 1, time: '10:00' })], closures, now);
    // Thursday the practice is closed; Friday A is on leave and B has Fridays off; Saturday B works.
    expect(slot?.clinician).toBe('B');
    expect(slot?.startsAt.toISOString()).toBe('2026-01-17T10:00:00.000Z');
  });

  it('puts past appointments wholly in the past and future ones after the minimum notice', () => {
    const [past, future] = planAppointments(
      [request({ day: -1, time: '18:15' }), request({ day: 1, time: '10:00' })],
      [],
      now,
      { minNoticeMinutes: 25 * 60 },
    );
    expect(past!.endsAt.getTime()).toBeLessThanOrEqual(now.getTime());
    // Thursday 10:00 is less than 25 hours ahead; Friday is the next day with time near 10:00.
    expect(future?.startsAt.toISOString()).toBe('2026-01-16T10:00:00.000Z');
  });

  it('converts local times to UTC across the change to summer time', () => {
    const saturdayBeforeChange = new Date('2026-03-28T12:00:00Z');
    const [slot] = planAppointments([request({ day: 2, time: '09:00' })], [], saturdayBeforeChange);
    // Monday 30 March is in BST: 09:00 local is 08:00 UTC.
    expect(slot?.startsAt.toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(practiceMinutesOfDay(slot!.startsAt)).toBe(9 * 60);
  });

  it('is deterministic', () => {
    const requests = [request({ day: 2 }), request({ day: -10, time: '16:00' }), request({ day: 7 })];
    expect(planAppointments(requests, [], now)).toEqual(planAppointments(requests, [], now));
  });

  it('refuses a request it cannot place', () => {
    expect(() =>
      planAppointments([request({ clinicianType: 'Nurse', clinicians: [VET_A] })], [], now),
    ).toThrow(/No time found/);
  });
});
