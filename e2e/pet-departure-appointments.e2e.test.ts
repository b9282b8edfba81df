import { connectDatabase } from '@vet/db/connection';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { appointments } from '@vet/db/schema/appointments';
import { clients } from '@vet/db/schema/clients';
import { clinicians } from '@vet/db/schema/clinicians';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { createAppointment } from '@vet/db/testing/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { registerDog } from './support/pets.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Decision 0099: a pet that has died keeps no booked appointment. The owner is told in the confirm dialog
 * that its appointment will be cancelled, then sees it cancelled, with no action; one the practice books
 * for it afterwards can be cancelled (0066) but not moved, and says so. Tom's practice takes bookings by
 * phone; the journey registers a pet of its own, so no demo pet is changed.
 */

const phone = { width: 390, height: 844 };
const account = DEMO_ACCOUNT.bookingOff;
const petName = 'Marigold';

/** An appointment for the pet, booked by the practice (by phone) `days` ahead at an hour nobody else has. */
async function bookedByThePractice(petId: number, days: number): Promise<number> {
  const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    const [client] = await db
      .select({ id: clients.id, practiceId: clients.homePracticeId })
      .from(clients)
      .where(eq(clients.email, account.email));
    const [clinician] = await db
      .select({ id: clinicians.id })
      .from(clinicians)
      .where(eq(clinicians.practiceId, client!.practiceId));
    const [reason] = await db.select({ id: appointmentReasons.id }).from(appointmentReasons).limit(1);
    const startsAt = new Date(Date.now() + days * 86_400_000);
    startsAt.setUTCHours(6, 5, 0, 0);
    const appointment = await createAppointment(db, {
      practiceId: client!.practiceId,
      clinicianId: clinician!.id,
      clientId: client!.id,
      petId,
      reasonId: reason!.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 15 * 60_000),
    });
    return appointment.id;
  } finally {
    await close();
  }
}

async function statusOf(appointmentId: number) {
  const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    const [row] = await db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    return row?.status;
  } finally {
    await close();
  }
}

describe('a pet that has died and its appointments', () => {
  const { newPage } = useBrowser();

  it('cancels its booked appointment, says so first, and offers no move on what remains', async () => {
    const page = await newPage(phone);
    await signIn(page, account, '/pets');
    const petId = await registerDog(page, petName);
    const booked = await bookedByThePractice(petId, 40);

    await page.goto(`/pets/${petId}/edit`);
    await page.getByRole('button', { name: `${petName} has died` }).click();
    const dialog = page.getByRole('dialog', { name: `Tell your practice that ${petName} has died?` });
    await dialog.getByText(`cancel ${petName}’s booked appointment,`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: `Yes, ${petName} has died` }).click();
    await page.waitForURL((url) => url.pathname === `/pets/${petId}`);
    await expect.poll(() => statusOf(booked)).toBe('Cancelled');

    // One the practice books for the pet afterwards (a last visit it keeps).
    await bookedByThePractice(petId, 41);
    await page.goto('/appointments');
    const main = page.getByRole('main');
    await main
      .getByText(`${petName} is no longer with you, so this appointment cannot be moved online.`, {
        exact: false,
      })
      .waitFor();
    const items = main.getByRole('listitem').filter({ hasText: `${petName}:` });
    await expect.poll(() => items.count()).toBe(2);
    // The one cancelled with the departure offers nothing; the one the practice keeps only Cancel.
    const cancelled = items.filter({ hasText: 'Cancelled' });
    await cancelled.waitFor();
    expect(await cancelled.getByRole('button').count()).toBe(0);
    await main.getByRole('button', { name: new RegExp(`^Cancel ${petName}’s`) }).waitFor();
    expect(await main.getByRole('button', { name: new RegExp(`^Cancel ${petName}’s`) }).count()).toBe(1);
    expect(await main.getByRole('link', { name: new RegExp(`^Change ${petName}’s`) }).count()).toBe(0);
    expect(await main.getByRole('button', { name: new RegExp(`earlier time.*${petName}`) }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
