import { appointmentDetailSchema, appointmentSlotsResponseSchema } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import {
  appointmentBatchMaxItems,
  practiceAppointmentBatchResultSchema,
  practiceAppointmentSchema,
  practiceAppointmentWriteSchema,
} from '@vet/contracts/integration-appointments';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import {
  bookingScene,
  firstBookableDay,
  localInstant,
  slotQuery,
} from '../../appointments/booking/testing/booking-fixtures.ts';
import { addDays } from '@vet/contracts/practice-clock';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { deskBody, withPracticeRefs, type PracticeScene } from './testing/practice-fixtures.ts';

/** The desk's appointments through the integration API, as a practice system calls it (decision 0063). */
const database = useTestDatabase();
const { db } = database;
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database);

const day = () => addDays(firstBookableDay(), 2);
const at = (time: string) => localInstant(day(), time);
const scene = async () => withPracticeRefs(db, await bookingScene(db, signedInClient));

async function call(method: 'PUT' | 'PATCH' | 'POST', path: string, payload?: unknown) {
  return context.app.inject({
    method,
    url: `${integrationPathPrefix}${path}`,
    headers: { authorization: await machineAuthorization() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The starts the signed-in client is offered on the scene's day. */
async function offeredStarts(s: PracticeScene) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/practices/${s.practice.id}/appointment-slots?${slotQuery({
      appointmentReasonId: s.reason.id,
      petId: s.pet.id,
      fromDate: day(),
      toDate: day(),
    })}`,
    headers: { authorization: s.authorization },
  });
  return appointmentSlotsResponseSchema.parse(response.json()).slots.map((slot) => slot.startsAt);
}

describe('PUT /integration/v1/appointments/{appointment_ref}', () => {
  it('stores a desk booking (201, then 200) and the client is no longer offered its time', async () => {
    const s = await scene();
    const ref = `APT-R1-${s.refs.pet}`;
    expect(await offeredStarts(s)).toContain(at('10:00').toISOString());

    const created = await call('PUT', `/appointments/${ref}`, deskBody(s, at('10:00'), at('10:30')));
    const replaced = await call('PUT', `/appointments/${ref}`, deskBody(s, at('10:00'), at('10:30')));

    expect([created.statusCode, replaced.statusCode]).toEqual([201, 200]);
    expect(practiceAppointmentWriteSchema.parse(created.json())).toMatchObject({ appointment_ref: ref });
    const offered = await offeredStarts(s);
    expect(offered).not.toContain(at('10:00').toISOString());
    expect(offered).not.toContain(at('09:45').toISOString());
    expect(offered).toContain(at('10:30').toISOString());
  });

  it('shows the client its notes only when the practice system marks them so (security round three, finding 12)', async () => {
    const s = await scene();
    const readNotes = async (id: number) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/appointments/${id}`,
        headers: { authorization: s.authorization },
      });
      return appointmentDetailSchema.parse(response.json()).notes;
    };
    const staff = await call(
      'PUT',
      `/appointments/APT-N1-${s.refs.pet}`,
      deskBody(s, at('11:00'), at('11:30'), { notes: 'Nervous: muzzle on arrival' }),
    );
    const staffWrite = practiceAppointmentWriteSchema.parse(staff.json());
    expect(staffWrite).toMatchObject({
      notes: 'Nervous: muzzle on arrival',
      notes_for_client: false,
    });
    expect(await readNotes(staffWrite.appointment_id)).toBeNull();

    const marked = await call(
      'PUT',
      `/appointments/APT-N2-${s.refs.pet}`,
      deskBody(s, at('12:00'), at('12:30'), { notes: 'Please bring a stool sample', notes_for_client: true }),
    );
    const markedWrite = practiceAppointmentWriteSchema.parse(marked.json());
    expect(await readNotes(markedWrite.appointment_id)).toBe('Please bring a stool sample');
  });

  it('answers bad input 400 with each field’s reason, and unknown references 422 naming them', async () => {
    const s = await scene();
    const bad = await call('PUT', `/appointments/APT-R2-${s.refs.pet}`, {
      ...deskBody(s, at('11:00'), at('10:30')),
      status: 'Maybe',
      starts_at: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).code).toBe('invalid_request');
    const paths = apiErrorSchema.parse(bad.json()).issues?.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['starts_at', 'status']));

    const backwards = await call(
      'PUT',
      `/appointments/APT-R2-${s.refs.pet}`,
      deskBody(s, at('11:00'), at('10:30')),
    );
    expect(backwards.statusCode).toBe(400);
    expect(apiErrorSchema.parse(backwards.json()).issues).toEqual([
      { path: 'ends_at', message: 'ends_at must be after starts_at.' },
    ]);

    const unknown = await call(
      'PUT',
      `/appointments/APT-R2-${s.refs.pet}`,
      deskBody(s, at('11:00'), at('11:30'), { reason_ref: 'no-such-reason' }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(apiErrorSchema.parse(unknown.json()).code).toBe('references_refused');
    expect(apiErrorSchema.parse(unknown.json()).issues).toEqual([
      { path: 'reason_ref', message: 'No appointment reason has this reference.' },
    ]);
  });
});

describe('changes, outcomes and cancellations by reference and by online id', () => {
  it('moves, records an outcome and cancels, answering 404 and 409 where they do not apply', async () => {
    const s = await scene();
    const ref = `APT-R3-${s.refs.pet}`;
    await call('PUT', `/appointments/${ref}`, deskBody(s, at('13:00'), at('13:30')));

    const moved = await call('PATCH', `/appointments/${ref}`, {
      starts_at: at('14:00').toISOString(),
      ends_at: at('14:30').toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    expect(await offeredStarts(s)).toContain(at('13:00').toISOString());
    expect(await offeredStarts(s)).not.toContain(at('14:00').toISOString());

    const halfTime = await call('PATCH', `/appointments/${ref}`, { starts_at: at('15:00').toISOString() });
    expect(halfTime.statusCode).toBe(400);

    const cancelled = await call('POST', `/appointments/${ref}/cancel`);
    expect(practiceAppointmentSchema.parse(cancelled.json()).status).toBe('Cancelled');
    expect(await offeredStarts(s)).toContain(at('14:00').toISOString());
    const outcome = await call('POST', `/appointments/${ref}/outcome`, { outcome: 'Completed' });
    expect([outcome.statusCode, apiErrorSchema.parse(outcome.json()).code]).toEqual([
      409,
      'appointment_cancelled',
    ]);
    const moveCancelled = await call('PATCH', `/appointments/${ref}`, {
      starts_at: at('15:00').toISOString(),
      ends_at: at('15:30').toISOString(),
    });
    expect([moveCancelled.statusCode, apiErrorSchema.parse(moveCancelled.json()).code]).toEqual([
      409,
      'appointment_not_booked',
    ]);
    const missing = await call('POST', `/appointments/${ref}-missing/cancel`);
    expect([missing.statusCode, apiErrorSchema.parse(missing.json()).code]).toEqual([404, 'not_found']);
    expect(
      (await call('POST', `/appointments/online/2000000000/outcome`, { outcome: 'NoShow' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/appointments/online/abc/cancel`)).statusCode).toBe(400);
  });
});

describe('POST /integration/v1/appointments/batch', () => {
  it('answers each item on its own: stored ones are stored whatever the others', async () => {
    const s = await scene();
    const item = (n: number, time: string) => ({
      appointment_ref: `APT-B${n}-${s.refs.pet}`,
      ...deskBody(s, at(time), new Date(at(time).getTime() + 30 * 60_000)),
    });
    const response = await call('POST', '/appointments/batch', {
      items: [
        item(1, '09:00'),
        { ...item(2, '09:30'), clinician_ref: 'nobody' },
        { appointment_ref: 'x' },
        item(1, '09:00'),
      ],
    });

    expect(response.statusCode).toBe(200);
    const { results } = practiceAppointmentBatchResultSchema.parse(response.json());
    expect(results.map((r) => [r.index, r.appointment_ref, r.status])).toEqual([
      [0, `APT-B1-${s.refs.pet}`, 201],
      [1, `APT-B2-${s.refs.pet}`, 422],
      [2, 'x', 400],
      [3, `APT-B1-${s.refs.pet}`, 200],
    ]);
    expect(results.map((r) => r.error?.code)).toEqual([
      undefined,
      'references_refused',
      'invalid_request',
      undefined,
    ]);
    expect(results[1]?.error?.issues).toEqual([
      { path: 'clinician_ref', message: 'No clinician has this reference.' },
    ]);
    expect(results[2]?.error?.issues?.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['practice_ref', 'starts_at', 'status']),
    );
    expect(await offeredStarts(s)).not.toContain(at('09:00').toISOString());
  });

  it(`refuses more than ${appointmentBatchMaxItems} items whole (413) and an empty batch (400)`, async () => {
    const items = Array.from({ length: appointmentBatchMaxItems + 1 }, (_, i) => ({
      appointment_ref: `A${i}`,
    }));
    const tooMany = await call('POST', '/appointments/batch', { items });
    expect(tooMany.statusCode).toBe(413);
    expect(apiErrorSchema.parse(tooMany.json()).message).toMatch(/at most 500 items/);
    expect(apiErrorSchema.parse(tooMany.json()).code).toBe('payload_too_large');
    expect((await call('POST', '/appointments/batch', { items: [] })).statusCode).toBe(400);
  });
});
