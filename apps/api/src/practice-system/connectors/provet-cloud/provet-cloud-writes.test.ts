import type { PracticeEventData, PracticeEventType } from '@vet/contracts/practice-events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OutboundEvent, VendorUnavailable } from '../vendor-port.ts';
import { type Kit, startKit } from './testing/provet-test-kit.ts';

let kit: Kit;
beforeEach(async () => {
  kit = await startKit();
});
afterEach(async () => {
  expect(kit.standIn.control.violations).toEqual([]);
  await kit.standIn.close();
});

const anId = expect.stringMatching(/^\d+$/) as unknown;
let nextEvent = 1;
const event = <T extends PracticeEventType>(type: T, data: PracticeEventData<T>): OutboundEvent<T> => ({
  id: `evt_${nextEvent++}`,
  type,
  timestamp: '2026-11-23T08:00:00.000Z',
  data,
});

const booking = (overrides: Partial<PracticeEventData<'appointment.booked'>> = {}) =>
  event('appointment.booked', {
    appointment_id: 66120,
    appointment_ref: null,
    practice_id: 1,
    practice_ref: 'PRAC-0001',
    clinician_id: 41,
    clinician_ref: String(kit.ids.users.get('CLIN-0001')),
    client_id: 877,
    client_ref: String(kit.ids.clients.get('CLI-000001')),
    pet_id: 90211,
    pet_ref: String(kit.ids.patients.get('PET-000001')),
    reason_id: 1,
    reason_ref: String(kit.ids.reasons.get('REASON-CONSULT')),
    starts_at: '2026-11-24T09:30:00.000Z',
    ends_at: '2026-11-24T09:45:00.000Z',
    status: 'Booked',
    notes: 'First visit since moving to the area.',
    ...overrides,
  });

const onlineBookings = () =>
  kit.standIn.control.diary().filter((a) => String(a.notes).includes('[portal-appointment:'));

describe('Provet Cloud: booking online', () => {
  it('books with the documented body, once, and a repeat finds it', async () => {
    const connection = kit.connect();
    const first = await connection.write(booking());
    expect(first).toEqual({ outcome: 'written', refs: { appointment_ref: anId } });
    const stored = kit.standIn.store.get(
      'appointment',
      Number((first as { refs: { appointment_ref: string } }).refs.appointment_ref),
    );
    expect(stored).toMatchObject({
      type: 2,
      title: 'Online booking',
      start: '2026-11-24T09:30:00.000Z',
      active: 1,
    });
    expect(String(stored?.notes)).toContain('First visit since moving to the area.');

    expect(await connection.write(booking())).toEqual(first);
    expect(kit.standIn.control.requestsTo('POST appointment/')).toBe(1);
    expect(onlineBookings()).toHaveLength(1);
  });

  it('books once when the first answer is lost after the system stored it', async () => {
    const connection = kit.connect();
    const aborter = new AbortController();
    const hung = kit.standIn.control.hangNextWrite();
    const lost = connection.write(booking(), aborter.signal);
    await hung;
    aborter.abort();
    await expect(lost).rejects.toBeInstanceOf(VendorUnavailable);
    expect(onlineBookings()).toHaveLength(1);

    const retried = await connection.write(booking());
    expect(retried).toEqual({
      outcome: 'written',
      refs: { appointment_ref: String(onlineBookings()[0]!.id) },
    });
    expect(kit.standIn.control.requestsTo('POST appointment/')).toBe(1);
  });

  it('finds a booking stored, then cancelled at the desk before the retry, rather than booking again', async () => {
    const connection = kit.connect({ requestTimeoutMs: 200 });
    const hung = kit.standIn.control.hangNextWrite();
    const lost = connection.write(booking());
    await hung;
    await expect(lost).rejects.toBeInstanceOf(VendorUnavailable);
    const stored = onlineBookings()[0]!;
    kit.standIn.control.deskCancel(stored.id);
    expect(await connection.write(booking())).toEqual({
      outcome: 'written',
      refs: { appointment_ref: String(stored.id) },
    });
    expect(kit.standIn.control.requestsTo('POST appointment/')).toBe(1);
  });

  it('answers slot taken when the desk booked the time first', async () => {
    const desk = kit.standIn.control.deskBook({
      userId: kit.ids.users.get('CLIN-0001')!,
      departmentId: kit.ids.departments.get('PRAC-0001')!,
      clientId: kit.ids.clients.get('CLI-000002')!,
      patientId: kit.ids.patients.get('PET-000003')!,
      reasonId: kit.ids.reasons.get('REASON-CONSULT')!,
      start: '2026-11-24T09:30:00Z',
      end: '2026-11-24T09:45:00Z',
    });
    const result = await kit.connect().write(booking());
    expect(result).toMatchObject({ outcome: 'refused', reason: 'slot_taken' });
    expect(kit.standIn.control.diary().filter((a) => a.start === '2026-11-24T09:30:00.000Z')).toEqual([
      expect.objectContaining({ id: desk.id }),
    ]);
  });

  it('answers slot taken when the desk takes the time a moment before the booking arrives', async () => {
    // The desk's booking lands between the connection's look-up and its POST: the system refuses the POST.
    const racingFetch: typeof fetch = (input, init) => {
      if (
        init?.method === 'POST' &&
        (input instanceof URL ? input.href : typeof input === 'string' ? input : input.url).endsWith(
          '/appointment/',
        )
      ) {
        kit.standIn.control.deskBook({
          userId: kit.ids.users.get('CLIN-0001')!,
          departmentId: kit.ids.departments.get('PRAC-0001')!,
          clientId: kit.ids.clients.get('CLI-000002')!,
          patientId: kit.ids.patients.get('PET-000003')!,
          reasonId: kit.ids.reasons.get('REASON-CONSULT')!,
          start: '2026-11-24T09:35:00Z',
          end: '2026-11-24T09:50:00Z',
        });
      }
      return fetch(input, init);
    };
    const result = await kit.connect({}, { fetch: racingFetch }).write(booking());
    expect(result).toMatchObject({ outcome: 'refused', reason: 'slot_taken' });
    expect(onlineBookings()).toEqual([]);
  });

  it('amends and cancels the written appointment by its reference', async () => {
    const connection = kit.connect();
    const written = await connection.write(booking());
    const ref = (written as { refs: { appointment_ref: string } }).refs.appointment_ref;
    const { notes: _notes, status: _status, ...booked } = booking().data;
    const amended = await connection.write(
      event('appointment.amended', {
        ...booked,
        appointment_ref: ref,
        clinician_ref: String(kit.ids.users.get('CLIN-0002')),
        starts_at: '2026-11-24T14:00:00.000Z',
        ends_at: '2026-11-24T14:15:00.000Z',
        status: 'Booked',
        notes: null,
        previous: {
          clinician_id: 41,
          clinician_ref: booked.clinician_ref,
          reason_id: 1,
          reason_ref: booked.reason_ref,
          starts_at: booked.starts_at,
          ends_at: booked.ends_at,
        },
      }),
    );
    expect(amended).toEqual({ outcome: 'written', refs: { appointment_ref: ref } });
    expect(kit.standIn.store.get('appointment', Number(ref))).toMatchObject({
      start: '2026-11-24T14:00:00.000Z',
      user: kit.standIn.store.url('user', kit.ids.users.get('CLIN-0002')!),
    });

    const cancel = event('appointment.cancelled', {
      appointment_id: 66120,
      appointment_ref: ref,
      client_id: 877,
      client_ref: booked.client_ref,
      pet_id: 90211,
      pet_ref: booked.pet_ref,
      cancelled_at: '2026-11-23T09:00:00.000Z',
    });
    expect(await connection.write(cancel)).toEqual({ outcome: 'written', refs: { appointment_ref: ref } });
    expect(onlineBookings()).toEqual([]);
    // Deleted outright at the desk since: cancelling again still answers written.
    kit.standIn.control.deleteRecord('appointment', Number(ref));
    expect(await connection.write(cancel)).toEqual({ outcome: 'written', refs: { appointment_ref: ref } });
  });

  it('refuses an amendment of an appointment deleted in the system', async () => {
    const connection = kit.connect();
    const ref = ((await connection.write(booking())) as { refs: { appointment_ref: string } }).refs
      .appointment_ref;
    kit.standIn.control.deleteRecord('appointment', Number(ref));
    const { notes: _n, status: _s, ...booked } = booking().data;
    const result = await connection.write(
      event('appointment.amended', {
        ...booked,
        appointment_ref: ref,
        status: 'Booked',
        notes: null,
        starts_at: '2026-11-24T15:00:00.000Z',
        ends_at: '2026-11-24T15:15:00.000Z',
        previous: { ...booked, clinician_id: 41, reason_id: 1 },
      }),
    );
    expect(result).toMatchObject({ outcome: 'refused', reason: 'invalid' });
  });
});
