import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appointmentEmail, practiceTime, priceSentence } from './booking-emails.ts';

const facts = {
  change: 'booked' as const,
  appointmentId: 42,
  to: 'sam@example.test',
  firstName: 'Sam',
  brandName: 'Harbour Vets',
  petName: 'Biscuit',
  reasonName: 'Vaccination',
  clinicianType: 'Vet' as const,
  clinicianName: null,
  practiceName: 'Harbour Vets Leeds',
  practicePhone: '0113 496 0000',
  practiceAddress: '1 High Street, Leeds, LS1 1AA',
  startsAt: new Date('2026-03-29T08:00:00Z'),
  endsAt: new Date('2026-03-29T08:30:00Z'),
  cutoffMinutes: 120,
  changedAt: new Date('2026-03-01T00:00:00Z'),
  calendarSequence: 0,
  organizerEmail: 'no-reply@harbourvets.example',
};

/** What the e-mails wrote with ICU before the practice clock wrote them (decision 0055): the reference. */
const icuFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});
function icuPracticeTime(instant: Date): string {
  const parts = icuFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

const minute = 60_000;

describe('appointment e-mails', () => {
  it('names the vet the client chose, in the text, the HTML and the calendar entry; else “a vet” (decision 0141)', () => {
    const named = appointmentEmail({ ...facts, clinicianName: 'Kirsty Doyle' });
    expect(named.text).toContain('Biscuit: Vaccination with Kirsty Doyle at Harbour Vets Leeds.');
    expect(named.html).toContain('Vaccination with Kirsty Doyle at Harbour Vets Leeds.');
    expect(named.text).not.toContain('a vet');
    const calendar = String(named.attachments?.[0]?.content).replace(/\r\n[ \t]/g, '');
    expect(calendar).toContain('DESCRIPTION:Vaccination with Kirsty Doyle.');
    const any = appointmentEmail(facts);
    expect(any.text).toContain('Biscuit: Vaccination with a vet at Harbour Vets Leeds.');
    expect(String(any.attachments?.[0]?.content)).toContain('DESCRIPTION:Vaccination with a vet.');
    const cancelled = appointmentEmail({ ...facts, change: 'cancelled', clinicianName: 'Kirsty Doyle' });
    expect(cancelled.text).toContain(
      'We have cancelled this appointment: Biscuit: Vaccination with Kirsty Doyle',
    );
  });

  it('names the price of a booking, en-GB, or says it is not yet published; other e-mails leave it out', () => {
    expect(priceSentence({ amountPence: 4500, includes: null })).toBe('Price: From £45.00.');
    expect(priceSentence({ amountPence: 123456, includes: 'Examination and advice.' })).toBe(
      'Price: From £1,234.56 (includes: Examination and advice).',
    );
    expect(priceSentence(null)).toBe('Price not yet published.');
    const booked = appointmentEmail({ ...facts, price: { amountPence: 4500, includes: null } });
    expect(booked.text).toContain('Price: From £45.00.');
    expect(appointmentEmail(facts).text).not.toContain('Price');
  });

  it('labels UK time on both sides of a clock change', () => {
    expect(practiceTime(new Date('2026-03-29T08:00:00Z'))).toBe('Sunday 29 March 2026 at 09:00 BST');
    expect(practiceTime(new Date('2026-10-25T09:00:00Z'))).toBe('Sunday 25 October 2026 at 09:00 GMT');
    expect(practiceTime(new Date('2026-09-07T23:05:00Z'))).toBe('Tuesday 8 September 2026 at 00:05 BST');
  });

  it('writes the time as ICU wrote it, either side of every clock change from 2020 to 2060', () => {
    const mismatches: string[] = [];
    for (let year = 2020; year <= 2060; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (const offset of [-24 * 60, -61, -60, -1, 0, 1, 59, 60, 61, 23 * 60]) {
          const instant = new Date(change + offset * minute);
          if (practiceTime(instant) !== icuPracticeTime(instant)) {
            mismatches.push(
              `${instant.toISOString()}: ${practiceTime(instant)}, not ${icuPracticeTime(instant)}`,
            );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('writes the time as ICU wrote it at any minute from 2020 to 2099', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1) / minute, max: Date.UTC(2099, 11, 31) / minute }),
        (at) => {
          const instant = new Date(at * minute);
          expect(practiceTime(instant)).toBe(icuPracticeTime(instant));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('attaches a calendar entry with one UID per appointment; a cancellation cancels it', () => {
    const booked = appointmentEmail(facts);
    expect(booked.text).toContain('When: Sunday 29 March 2026 at 09:00 BST (UK time).');
    const ics = booked.attachments?.[0]?.content ?? '';
    expect(ics).toContain('UID:appointment-42@client-portal');
    expect(ics).toContain('DTSTART:20260329T080000Z');
    expect(ics).toContain('METHOD:REQUEST');
    const cancelled = appointmentEmail({ ...facts, change: 'cancelled' }).attachments?.[0]?.content ?? '';
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('STATUS:CANCELLED');
  });
});

/** Issue 62: the quote kept on the appointment, per pet where a visit's differ, and what a move changed. */
describe('appointmentEmail price lines', () => {
  const quoted = (amountPence: number) => ({ amountPence, includes: null });

  it('says a move’s new price and the one before only when it changed', () => {
    const moved = { ...facts, change: 'amended' as const };
    const changed = appointmentEmail({ ...moved, price: quoted(5400), previousPrice: quoted(5100) }).text;
    expect(changed).toContain('Price: From £54.00.');
    expect(changed).toContain('The price is now From £54.00 (was From £51.00).');
    const kept = appointmentEmail({ ...moved, price: quoted(5400), previousPrice: quoted(5400) }).text;
    expect(kept).toContain('Price: From £54.00.');
    expect(kept).not.toContain('The price is now');
  });

  it('says a visit’s price once when its pets agree, and each pet’s when their bands differ', () => {
    const same = appointmentEmail({
      ...facts,
      petPrices: [
        { petName: 'Biscuit', price: quoted(4800) },
        { petName: 'Mango', price: quoted(4800) },
      ],
    }).text;
    expect(same).toContain('Price: From £48.00.');
    expect(same).not.toContain('Price for');
    const differ = appointmentEmail({
      ...facts,
      petPrices: [
        { petName: 'Biscuit', price: quoted(4800) },
        { petName: 'Tiddles', price: null },
      ],
    }).text;
    expect(differ).toContain('Price for Biscuit: From £48.00.');
    expect(differ).toContain('Price for Tiddles: not yet published.');
  });

  it('leaves the price out of a cancellation', () => {
    const cancelled = appointmentEmail({ ...facts, change: 'cancelled', price: quoted(5400) }).text;
    expect(cancelled).not.toContain('£54.00');
  });
});
