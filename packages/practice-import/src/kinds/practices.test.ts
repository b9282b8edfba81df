import { describe, expect, it } from 'vitest';
import { reasons } from './cells.ts';
import { contactReasons } from './contact-cells.ts';
import { practiceReasons, practices } from './practices.ts';
import { priceReasons } from './prices.ts';
import { accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['practices.csv'];

describe('practices.csv', () => {
  it('stages a practice with its postcode as the forms store it, its phone as written in the UK, no time zone', () => {
    expect(accepted(practices, valid)).toEqual({
      practice_ref: 'P1',
      name: 'Harrogate Vets',
      address_line1: '1 High Street',
      address_line2: 'Bilton',
      town: 'Harrogate',
      county: 'North Yorkshire',
      postcode: 'HG1 2AB',
      phone: '01423 123456',
      email: 'desk@harrogate-vets.example',
      owner_name: 'Harrogate Vets Ltd',
      vat_number: 'GB123456789',
      listed_online: true,
      online_booking: false,
      online_pet_registration: true,
      slot_grid_minutes: 15,
      min_notice_minutes: 120,
      horizon_days: 56,
      cancellation_cutoff_minutes: 0,
      prescription_review_months: 6,
      written_prescription_fee_pence: 1800,
      written_prescription_further_fee_pence: null,
      message_answer_hours: 4,
    });
  });

  it('takes empty optional cells as null and empty switches as on', () => {
    const record = accepted(practices, {
      practice_ref: 'P1',
      name: 'Harrogate Vets',
      address_line1: '1 High Street',
      town: 'Harrogate',
      postcode: 'HG1 2AB',
      phone: '+44 1423 123456',
    });
    expect(record).toMatchObject({
      address_line2: null,
      county: null,
      email: null,
      listed_online: true,
      online_booking: true,
      online_pet_registration: true,
      slot_grid_minutes: null,
      min_notice_minutes: null,
      horizon_days: null,
      cancellation_cutoff_minutes: null,
      prescription_review_months: null,
      written_prescription_fee_pence: null,
      written_prescription_further_fee_pence: null,
      message_answer_hours: null,
    });
  });

  it('refuses a message answer time outside an hour to a week', () => {
    for (const hours of ['0', '169', 'soon'])
      expect(refused(practices, { ...valid, message_answer_hours: hours })).toEqual([
        { column: 'message_answer_hours', reason: 'not a whole number from 1 to 168' },
      ]);
  });

  // Above the cap is refused across rows, against the dated caps (written-prescription-caps.integration.test.ts).
  it('refuses a negative or non-numeric written prescription fee, and a review period outside 1 to 36 months', () => {
    expect(
      refused(practices, {
        ...valid,
        prescription_review_months: '0',
        written_prescription_fee: 'about 20',
        written_prescription_further_fee: '-1',
      }),
    ).toEqual([
      { column: 'prescription_review_months', reason: 'not a whole number from 1 to 36' },
      { column: 'written_prescription_fee', reason: priceReasons.amount },
      { column: 'written_prescription_further_fee', reason: priceReasons.negative },
    ]);
    expect(accepted(practices, { ...valid, written_prescription_fee: '21' })).toMatchObject({
      written_prescription_fee_pence: 2100,
    });
  });

  it('takes an empty time zone or Europe/London, and refuses any other (decision 0055)', () => {
    expect(accepted(practices, { ...valid, time_zone: '' })).not.toHaveProperty('time_zone');
    for (const zone of ['Europe/Paris', 'UTC', 'europe/london', 'GMT']) {
      expect(refused(practices, { ...valid, time_zone: zone })).toEqual([
        { column: 'time_zone', reason: practiceReasons.timeZone },
      ]);
    }
  });

  it('refuses a postcode, phone or e-mail address the forms would refuse', () => {
    expect(refused(practices, { ...valid, postcode: 'SW1A' })).toEqual([
      { column: 'postcode', reason: contactReasons.postcode },
    ]);
    expect(refused(practices, { ...valid, phone: '+33 1 23 45 67 89' })).toEqual([
      { column: 'phone', reason: contactReasons.phone },
    ]);
    expect(refused(practices, { ...valid, phone: '01423 123456 (ask for desk)' })).toEqual([
      { column: 'phone', reason: 'longer than 20 characters' },
    ]);
    expect(refused(practices, { ...valid, email: 'desk at harrogate' })).toEqual([
      { column: 'email', reason: contactReasons.email },
    ]);
  });

  it('refuses address lines longer than the forms take', () => {
    expect(refused(practices, { ...valid, address_line1: 'x'.repeat(101), town: 't'.repeat(61) })).toEqual([
      { column: 'address_line1', reason: 'longer than 100 characters' },
      { column: 'town', reason: 'longer than 60 characters' },
    ]);
  });

  it('refuses booking settings outside what a booking page can work with, and switches not true or false', () => {
    const refusals = refused(practices, {
      ...valid,
      slot_grid_minutes: '0',
      min_notice_minutes: '-5',
      horizon_days: '400',
      cancellation_cutoff_minutes: '1.5',
      listed_online: 'yes',
    });
    expect(refusals).toEqual([
      { column: 'listed_online', reason: reasons.boolean(true) },
      { column: 'slot_grid_minutes', reason: 'not a whole number from 5 to 60' },
      { column: 'min_notice_minutes', reason: 'not a whole number from 0 to 43200' },
      { column: 'horizon_days', reason: 'not a whole number from 1 to 366' },
      { column: 'cancellation_cutoff_minutes', reason: 'not a whole number from 0 to 43200' },
    ]);
  });
});
