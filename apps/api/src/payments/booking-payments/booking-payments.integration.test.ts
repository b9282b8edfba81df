import { createAppointment, createClient, createPet } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionIdOf } from '../checkout/testing/payments-test-app.ts';
import { useBookingPaymentsTestApp } from './testing/booking-payments-test-app.ts';

/**
 * Deposits and card holds at booking (issue 64, decision 0158), against the stand-in of Stripe's API
 * through the official library: the start held while the owner pays, the booking made only by Stripe's
 * word, in any order, and the rules after booking (refund, void, capture, keep), each move keyed.
 */
const database = useTestDatabase({ max: 12 });
const { db } = database;
const {
  context,
  live,
  eventsOf,
  paidScene,
  startsIn,
  termsOf,
  start,
  started,
  paymentView,
  cancel,
  sweep,
  refundOf,
  call,
} = useBookingPaymentsTestApp(database);

const appointmentsOf = async (petId: number) =>
  (
    await db.execute<{ id: number; status: string }>(sql`
      select id, status::text from appointments where pet_id = ${petId} order by id`)
  ).rows;

describe('a deposit at booking', () => {
  it('books only when Stripe says paid, once in any order, with the terms and receipt; early cancel refunds it', async () => {
    const scene = await paidScene('deposit', 2_000);
    const startsAt = startsIn(3);
    const terms = await termsOf(scene, startsAt);
    expect(terms).toMatchObject({ kind: 'deposit', amountPence: 2_000 });
    if (terms.kind === 'none') throw new Error('terms');
    expect(terms.terms).toContain('A deposit of £20.00 is taken when you book');

    // The plain booking route refuses what asks a payment: the API holds the rule the page shows.
    const plain = await call(scene, 'POST', '/appointments', {
      practiceId: scene.practice.id,
      petId: scene.pet.id,
      appointmentReasonId: scene.reason.id,
      startsAt: startsAt.toISOString(),
    });
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({ code: 'payment_required' });

    const begun = await started(scene, startsAt, { kind: 'deposit', amountPence: 2_000 });
    // A second press while the page is open: the same page, not a second hold.
    expect(await started(scene, startsAt, { kind: 'deposit', amountPence: 2_000 })).toEqual(begun);
    expect((await paymentView(scene, begun.paymentId)).booking).toMatchObject({ state: 'held' });
    expect(await appointmentsOf(scene.pet.id)).toEqual([]);

    // Stripe delivers the completion twice, after the owner's return asked it first.
    live.stripe.holdWebhooks();
    live.stripe.pay(sessionIdOf(begun.checkoutUrl));
    const back = await paymentView(scene, begun.paymentId);
    expect(back).toMatchObject({ status: 'paid', amountPence: 2_000, booking: { state: 'booked' } });
    await live.stripe.releaseWebhooks({ twice: true });
    await live.stripe.webhooksSettled();
    const [booked, ...others] = await appointmentsOf(scene.pet.id);
    expect(others).toEqual([]);
    expect(back.booking?.appointmentId).toBe(booked!.id);
    expect((await eventsOf(begun.paymentId)).map((event) => event.type)).toEqual(['payment.received']);
    const mail = await db.execute<{ subject: string; text_body: string }>(sql`
      select subject, text_body from email_outbox where to_address = ${scene.client.email} order by id`);
    expect(mail.rows.map((row) => row.subject)).toEqual(
      expect.arrayContaining([
        'Payment received: £20.00 to ' + scene.practice.name,
        'Your appointment is booked',
      ]),
    );
    // The terms shown before payment, again in the receipt and the confirmation.
    for (const subject of ['Payment received', 'Your appointment is booked']) {
      expect(mail.rows.find((row) => row.subject.startsWith(subject))?.text_body).toContain(
        'you get it all back',
      );
    }

    // Cancelled well before the cut-off: refunded in full at once, with a key from our record.
    const cancelled = await cancel(scene, booked!.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await refundOf(begun.paymentId)).toMatchObject({
      status: 'succeeded',
      reason: 'cancelled_in_time',
    });
    await sweep();
    expect(live.stripe.refunds().filter((refund) => refund.amount === 2_000)).toHaveLength(1);
    const after = await call(scene, 'GET', `/v2/appointments/${booked!.id}/payment`);
    expect(after.json()).toMatchObject({
      payment: { status: 'refunded', refund: { status: 'succeeded', amountPence: 2_000 } },
    });
    const types = (await eventsOf(begun.paymentId)).map((event) => event.type);
    expect(types).toEqual(['payment.received', 'payment.refunded']);
  });

  it('gives the time back when the owner leaves the page, and refunds a payment that came after the time was gone', async () => {
    const scene = await paidScene('deposit', 1_500);
    const startsAt = startsIn(4);
    const left = await started(scene, startsAt, { kind: 'deposit', amountPence: 1_500 });
    const cancelled = await call(scene, 'POST', `/v2/payments/${left.paymentId}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'expired', booking: { state: 'released' } });

    // The same start again: free, so held again; then its hold lapses and the desk books the time.
    const late = await started(scene, startsAt, { kind: 'deposit', amountPence: 1_500 });
    const { rows } = await db.execute<{ id: string; clinician_id: number }>(sql`
      select s.id, s.clinician_id from soft_bookings s join online_payments p on p.soft_booking_id = s.id
      where p.id = ${late.paymentId}`);
    const hold = rows[0]!;
    await db.execute(sql`update soft_bookings set status = 'Expired', expires_at = now() - interval '1 minute'
      where id = ${hold.id}`);
    await db.execute(sql`delete from clinician_reservations where soft_booking_id = ${hold.id}`);
    const someone = await createClient(db);
    const theirPet = await createPet(db, { clientId: someone.id, speciesId: scene.dog.id });
    await createAppointment(db, {
      practiceId: scene.practice.id,
      clinicianId: hold.clinician_id,
      clientId: someone.id,
      petId: theirPet.id,
      reasonId: scene.reason.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    });

    live.stripe.pay(sessionIdOf(late.checkoutUrl));
    await live.stripe.webhooksSettled();
    await sweep();
    const view = await paymentView(scene, late.paymentId);
    expect(view).toMatchObject({
      status: 'refunded',
      booking: { state: 'released' },
      refund: { status: 'succeeded' },
    });
    expect(await refundOf(late.paymentId)).toMatchObject({ reason: 'time_not_kept' });
    expect(await appointmentsOf(scene.pet.id)).toEqual([]);
  });

  it('refuses terms that changed since the page showed them, and says try again when Stripe is down, holding nothing', async () => {
    const scene = await paidScene('deposit', 2_000);
    const startsAt = startsIn(2);
    const stale = await start(scene, startsAt, { kind: 'deposit', amountPence: 1_000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'terms_changed' });
    expect(stale.json<{ message: string }>().message).toContain('£20.00');

    // A guest cannot hold such a time: the payment is taken signed in.
    const guestHold = {
      practiceId: scene.practice.id,
      appointmentReasonId: scene.reason.id,
      speciesId: scene.dog.id,
      startsAt: startsIn(3).toISOString(),
      petName: 'Rex',
      firstName: 'Sam',
      lastName: 'Guest',
      email: 'sam.guest@example.com',
      mobile: '07400 123456',
    };
    const guest = await context.app.inject({
      method: 'POST',
      url: '/guest/soft-bookings',
      payload: guestHold,
    });
    expect(guest.statusCode, guest.body).toBe(409);
    expect(guest.json()).toMatchObject({ code: 'payment_required' });

    // Nor complete one held before the practice began to ask: it is booked where the payment is taken.
    await db.execute(sql`delete from booking_payment_policies where reason_id = ${scene.reason.id}`);
    const early = await context.app.inject({
      method: 'POST',
      url: '/guest/soft-bookings',
      payload: guestHold,
    });
    expect(early.statusCode, early.body).toBe(201);
    await db.execute(sql`
      insert into booking_payment_policies (practice_id, reason_id, kind, amount_pence, source)
      values (${scene.practice.id}, ${scene.reason.id}, 'deposit', 2000, 'operator')`);
    const { softBookingId } = early.json<{ softBookingId: string }>();
    const completed = await call(scene, 'POST', `/guest/soft-bookings/${softBookingId}/complete`, {
      petSex: 'Female',
    });
    expect(completed.statusCode, completed.body).toBe(409);
    expect(completed.json()).toMatchObject({ code: 'payment_required' });
    const clientBookings = await db.execute(
      sql`select 1 from appointments where client_id = ${scene.client.id}`,
    );
    expect(clientBookings.rows).toEqual([]);

    live.stripe.failNext(3, { status: 503 });
    const down = await start(scene, startsAt, { kind: 'deposit', amountPence: 2_000 });
    expect(down.statusCode).toBe(503);
    const holds = await db.execute(
      sql`select 1 from soft_bookings where client_id = ${scene.client.id} and status = 'Held'`,
    );
    expect(holds.rows).toEqual([]);
    // The time was never kept from anyone: the next press holds it.
    await started(scene, startsAt, { kind: 'deposit', amountPence: 2_000 });
  });

  it('retries a refund Stripe cannot make now, and reports one Stripe refuses for good', async () => {
    const scene = await paidScene('deposit', 2_500);
    const first = await started(scene, startsIn(5), { kind: 'deposit', amountPence: 2_500 });
    live.stripe.pay(sessionIdOf(first.checkoutUrl));
    await live.stripe.webhooksSettled();
    const second = await started(scene, startsIn(6), { kind: 'deposit', amountPence: 2_500 });
    live.stripe.pay(sessionIdOf(second.checkoutUrl));
    await live.stripe.webhooksSettled();
    const [a, b] = await appointmentsOf(scene.pet.id);

    live.stripe.failNext(3, { status: 503, path: /refunds/ });
    await cancel(scene, a!.id);
    expect(await refundOf(first.paymentId)).toMatchObject({ status: 'pending', attempts: 1 });
    // Not due yet: the sweep leaves it; past its back-off, the same key makes the one refund.
    await sweep();
    expect(await refundOf(first.paymentId)).toMatchObject({ status: 'pending', attempts: 1 });
    await sweep(new Date(Date.now() + 6 * 60_000));
    expect(await refundOf(first.paymentId)).toMatchObject({ status: 'succeeded' });

    live.stripe.failRefunds(1);
    await cancel(scene, b!.id);
    await live.stripe.webhooksSettled();
    await sweep(new Date(Date.now() + 10 * 60_000));
    expect(await refundOf(second.paymentId)).toMatchObject({ status: 'failed' });
    const types = (await eventsOf(second.paymentId)).map((event) => event.type);
    expect(types).toEqual(['payment.received', 'payment.refund_failed']);
  });
});

describe('a pet that died', () => {
  it('refunds the deposit of a visit its death cancelled, however late', async () => {
    const scene = await paidScene('deposit', 2_700);
    const begun = await started(scene, startsIn(2), { kind: 'deposit', amountPence: 2_700 });
    live.stripe.pay(sessionIdOf(begun.checkoutUrl));
    await live.stripe.webhooksSettled();
    const [booked] = await appointmentsOf(scene.pet.id);
    // Past the cut-off: an owner's own cancellation now would keep the deposit.
    await db.execute(
      sql`update online_payments set cutoff_minutes = 7 * 24 * 60 where id = ${begun.paymentId}`,
    );
    // The portal's own departure reason, as `npm run lists` loads it (another file may have it already).
    await db.execute(sql`insert into cancellation_reasons (description, source, code)
      values ('My pet has passed away', 'portal', 'pet-passed-away') on conflict do nothing`);

    const pet = await call(scene, 'GET', `/v2/pets/${scene.pet.id}/edit`);
    const departed = await call(scene, 'PUT', `/v2/pets/${scene.pet.id}/status`, {
      version: pet.json<{ version: string }>().version,
      status: 'Deceased',
    });
    expect(departed.statusCode, departed.body).toBe(200);
    expect(await appointmentsOf(scene.pet.id)).toEqual([{ id: booked!.id, status: 'Cancelled' }]);
    await sweep();
    expect(await refundOf(begun.paymentId)).toMatchObject({ status: 'succeeded', reason: 'pet_died' });
    expect(live.stripe.refunds().filter((refund) => refund.amount === 2_700)).toHaveLength(1);
  });
});

describe('a card hold at booking', () => {
  it('holds, is taken on a no-show, is let go on an early cancel, and a hold about to lapse is taken as a deposit', async () => {
    const scene = await paidScene('card_hold', 3_000);
    const paid = async (days: number) => {
      const begun = await started(scene, startsIn(days), { kind: 'card_hold', amountPence: 3_000 });
      live.stripe.pay(sessionIdOf(begun.checkoutUrl));
      await live.stripe.webhooksSettled();
      return begun.paymentId;
    };
    // Further off than a card can be held: asked as a deposit, and said so.
    const far = await termsOf(scene, startsIn(9));
    expect(far).toMatchObject({ kind: 'deposit', amountPence: 3_000 });

    const [noShow, early, lapsing] = [await paid(1), await paid(2), await paid(3)];
    expect((await paymentView(scene, noShow)).status).toBe('authorised');
    const [first, second] = await appointmentsOf(scene.pet.id);
    await db.execute(sql`update appointments set status = 'NoShow' where id = ${first!.id}`);
    await cancel(scene, second!.id);
    await db.execute(
      sql`update online_payments set authorised_at = now() - interval '6 days 1 hour' where id = ${lapsing}`,
    );
    await sweep();
    expect((await paymentView(scene, noShow)).status).toBe('captured');
    expect((await paymentView(scene, early)).status).toBe('voided');
    expect((await paymentView(scene, lapsing)).status).toBe('captured');
    const reasons = await db.execute<{ type: string; reason: string }>(sql`
      select type, data->>'reason' as reason from practice_events
      where type in ('payment.hold_captured', 'payment.hold_released') order by id`);
    expect(
      reasons.rows
        .slice(-3)
        .map((row) => `${row.type}:${row.reason}`)
        .sort(),
    ).toEqual([
      'payment.hold_captured:hold_lapsing',
      'payment.hold_captured:no_show',
      'payment.hold_released:cancelled_in_time',
    ]);
    // Taken because it would lapse, it is a deposit now: an early cancel refunds it.
    const [, , third] = await appointmentsOf(scene.pet.id);
    await cancel(scene, third!.id);
    expect(await refundOf(lapsing)).toMatchObject({ status: 'succeeded', reason: 'cancelled_in_time' });
    await sweep();
    // One refund of the taken hold, however often the rules ran.
    expect(live.stripe.refunds().filter((refund) => refund.amount === 3_000)).toHaveLength(1);
  });
});
