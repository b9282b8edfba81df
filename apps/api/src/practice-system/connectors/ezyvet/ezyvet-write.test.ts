import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VendorUnavailable } from '../vendor-port.ts';
import {
  onlineBooking,
  portalEvent,
  startDemoSite,
  syncKind,
  type DemoSite,
} from './testing/ezyvet-test-kit.ts';

let site: DemoSite;
beforeEach(async () => {
  site = await startDemoSite();
});
afterEach(async () => {
  expect(site.standIn.violations).toEqual([]);
  await site.standIn.close();
});

const slot = { startsAt: '2026-12-02T10:00:00+00:00', endsAt: '2026-12-02T10:15:00+00:00' };
const ours = (site: DemoSite, appointmentId: number) =>
  site.standIn.diary().filter((row) => row.description.includes(`portal appointment ${appointmentId}`));

describe('writing the portal’s events into ezyVet', () => {
  it('books through /ezycab/booking and answers the appointment’s id; the same event again books nothing more', async () => {
    const { seed, standIn, connection } = site;
    const event = onlineBooking(seed, slot);
    const result = await connection.write(event);
    const [stored] = ours(site, event.data.appointment_id);
    expect(result).toEqual({ outcome: 'written', refs: { appointment_ref: String(stored!.id) } });
    expect(stored).toMatchObject({
      start_at: Date.parse(slot.startsAt) / 1000,
      duration: 15 * 60,
      status: 'Confirmed',
      resources: [{ id: seed.resources.get('CLIN-0001') }],
    });
    expect(standIn.count('POST /ezycab/booking')).toBe(1);

    expect(await connection.write(event)).toEqual(result);
    expect(ours(site, event.data.appointment_id)).toHaveLength(1);
    expect(standIn.count('POST /ezycab/booking')).toBe(1);

    // The appointments read names it by the same reference, at the time booked.
    site.clock.advance(1_000);
    const read = await syncKind(connection, 'appointments', null);
    expect(read.records.find((record) => record.ref === String(stored!.id))?.body).toMatchObject({
      starts_at: slot.startsAt,
      ends_at: slot.endsAt,
      status: 'Booked',
    });
  });

  it('books a guest’s completed hold the same way, once', async () => {
    const { seed, connection } = site;
    const booked = onlineBooking(seed, slot);
    const hold = portalEvent('guest_hold.completed', { ...booked.data, hold_id: 'hold-1' });
    const result = await connection.write(hold);
    expect(result).toMatchObject({ outcome: 'written' });
    expect(await connection.write(hold)).toEqual(result);
    expect(ours(site, hold.data.appointment_id)).toHaveLength(1);
  });

  it('books once when the first answer is lost after ezyVet stored it', async () => {
    const { seed, standIn, connection } = site;
    const event = onlineBooking(seed, slot);
    const stored = standIn.hangNextWrite();
    const controller = new AbortController();
    const first = connection.write(event, controller.signal);
    await stored;
    controller.abort();
    await expect(first).rejects.toBeInstanceOf(VendorUnavailable);

    const retry = await connection.write(event);
    const rows = ours(site, event.data.appointment_id);
    expect(rows).toHaveLength(1);
    expect(retry).toEqual({ outcome: 'written', refs: { appointment_ref: String(rows[0]!.id) } });
    expect(standIn.count('POST /ezycab/booking')).toBe(1);
  });

  it('refuses with slot_taken when the desk took the time a second earlier', async () => {
    const { seed, standIn, connection } = site;
    standIn.deskBook({
      resourceId: seed.resources.get('CLIN-0001')!,
      typeId: seed.types.get('REASON-VACC')!,
      animalId: seed.animals.get('PET-000002')!,
      startsAt: '2026-12-02T10:05:00+00:00',
    });
    const result = await connection.write(onlineBooking(seed, slot));
    expect(result).toMatchObject({ outcome: 'refused', reason: 'slot_taken' });
    expect(standIn.diary().filter((row) => row.start_at === Date.parse(slot.startsAt) / 1000)).toHaveLength(
      0,
    );
  });

  it('moves an online appointment, refuses a move onto a taken time, and cancels it', async () => {
    const { seed, standIn, connection } = site;
    const booked = onlineBooking(seed, slot);
    const { refs } = (await connection.write(booked)) as { refs: { appointment_ref: string } };
    const moved = { ...slot, startsAt: '2026-12-03T09:00:00+00:00', endsAt: '2026-12-03T09:30:00+00:00' };
    const previous = {
      clinician_id: 1,
      clinician_ref: booked.data.clinician_ref,
      reason_id: 1,
      reason_ref: booked.data.reason_ref,
      starts_at: slot.startsAt,
      ends_at: slot.endsAt,
    };
    const amended = portalEvent('appointment.amended', {
      ...booked.data,
      appointment_ref: refs.appointment_ref,
      starts_at: moved.startsAt,
      ends_at: moved.endsAt,
      previous,
    });
    expect(await connection.write(amended)).toEqual({ outcome: 'written', refs });
    expect(standIn.db.find('appointment', Number(refs.appointment_ref))).toMatchObject({
      start_at: Date.parse(moved.startsAt) / 1000,
      duration: 30 * 60,
    });

    standIn.deskBook({
      resourceId: seed.resources.get('CLIN-0001')!,
      typeId: seed.types.get('REASON-VACC')!,
      animalId: seed.animals.get('PET-000002')!,
      startsAt: '2026-12-04T09:00:00+00:00',
    });
    const ontoTaken = portalEvent('appointment.amended', {
      ...amended.data,
      starts_at: '2026-12-04T09:00:00+00:00',
      ends_at: '2026-12-04T09:15:00+00:00',
    });
    expect(await connection.write(ontoTaken)).toMatchObject({ outcome: 'refused', reason: 'slot_taken' });

    const cancelled = portalEvent('appointment.cancelled', {
      appointment_id: booked.data.appointment_id,
      appointment_ref: refs.appointment_ref,
      client_id: 1,
      client_ref: booked.data.client_ref,
      pet_id: 1,
      pet_ref: booked.data.pet_ref,
      cancelled_at: '2026-11-27T09:05:00.000Z',
    });
    expect(await connection.write(cancelled)).toEqual({ outcome: 'written', refs });
    expect(standIn.diary().find((row) => row.id === Number(refs.appointment_ref))).toMatchObject({
      status: 'Cancelled',
    });
  });

  it('creates a client registered online as a contact with its details, once', async () => {
    const { standIn, connection } = site;
    const event = portalEvent('client.registered', {
      client_id: 5012,
      client_ref: null,
      practice_id: 1,
      practice_ref: 'PRAC-0001',
      salutation: 'Ms',
      first_name: 'Ada',
      last_name: 'Example',
      email: 'ada@example.org',
      mobile_phone: '+447700900123',
      home_phone: null,
      address_line1: null,
      address_line2: null,
      town: null,
      county: null,
      postcode: null,
      contact_preferences: null,
    });
    const result = await connection.write(event);
    const contact = standIn.db.tables.contact.find((row) => row.code === 'PORTAL-C5012')!;
    expect(result).toEqual({ outcome: 'written', refs: { client_ref: String(contact.id) } });
    const details = () =>
      standIn.db.tables.contactdetail.filter((row) => row.contact_id === contact.id).map((row) => row.value);
    expect(details().sort()).toEqual(['+447700900123', 'ada@example.org']);

    expect(await connection.write(event)).toEqual(result);
    expect(standIn.db.tables.contact.filter((row) => row.code === 'PORTAL-C5012')).toHaveLength(1);
    expect(details()).toHaveLength(2);
  });

  it('creates a pet registered online as an animal of its client, once; an unknown species is refused', async () => {
    const { seed, standIn, connection } = site;
    const pet = {
      pet_id: 77,
      pet_ref: null,
      client_id: 1,
      client_ref: String(seed.contacts.get('CLI-000001')),
      name: 'Biscuit',
      species: 'Dog',
      breed: 'Labrador Retriever',
      colour: null,
      sex: 'Male',
      neutered: false,
      date_of_birth: '2025-03-01',
      microchip: null,
      insurer: null,
      policy_number: null,
      awaiting_initial_consultation: true,
    };
    const result = await connection.write(portalEvent('pet.registered', pet));
    const animal = standIn.db.tables.animal.find((row) => row.code === 'PORTAL-P77')!;
    expect(result).toEqual({ outcome: 'written', refs: { pet_ref: String(animal.id) } });
    expect(standIn.db.find('breed', animal.breed_id!)).toMatchObject({ name: 'Labrador Retriever' });
    expect(animal).toMatchObject({
      name: 'Biscuit',
      contact_id: seed.contacts.get('CLI-000001'),
      date_of_birth: '2025-03-01',
    });

    expect(await connection.write(portalEvent('pet.registered', pet))).toEqual(result);
    expect(standIn.db.tables.animal.filter((row) => row.code === 'PORTAL-P77')).toHaveLength(1);

    const tortoise = await connection.write(
      portalEvent('pet.registered', { ...pet, pet_id: 78, species: 'Tortoise' }),
    );
    expect(tortoise).toMatchObject({ outcome: 'refused', reason: 'invalid' });
  });

  it('has nothing to write for a reminder sent', async () => {
    const event = portalEvent('appointment.reminder_sent', {
      appointment_id: 1,
      appointment_ref: '1',
      client_id: 1,
      client_ref: '1',
      pet_id: 1,
      pet_ref: '1',
      starts_at: slot.startsAt,
      channel: 'email',
      reminder: 'd2',
      sent_at: '2026-11-27T09:00:00.000Z',
    });
    expect(await site.connection.write(event)).toEqual({ outcome: 'not-applicable' });
  });
});
