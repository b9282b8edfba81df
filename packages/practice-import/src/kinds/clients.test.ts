import { describe, expect, it } from 'vitest';
import { clients } from './clients.ts';
import { contactReasons } from './contact-cells.ts';
import { accepted, idOf, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['clients.csv'];

describe('clients.csv', () => {
  it('stages a client as the forms store one, with the keys the sign-up check matches on', () => {
    expect(accepted(clients, valid)).toEqual({
      client_ref: 'K1',
      practice_ref: 'P1',
      salutation_id: idOf('salutations', 'Dr'),
      salutation_text: null,
      salutation_key: null,
      salutation_code: null,
      first_name: 'Grace',
      last_name: 'Ó Briain',
      email: 'Grace@Example.COM',
      mobile_phone: '+447400123456',
      home_phone: '+442079460123',
      address_line1: '2 Low Street',
      address_line2: null,
      town: 'Harrogate',
      county: null,
      postcode: 'SW1A 1AA',
      online_booking_allowed: false,
      last_name_key: 'o briain',
      postcode_key: 'SW1A1AA',
      email_key: 'grace@example.com',
    });
  });

  it('needs only its reference, practice and names; the rest is null, and online booking allowed', () => {
    const record = accepted(clients, {
      client_ref: 'K2',
      practice_ref: 'P1',
      first_name: 'Al',
      last_name: 'Smith',
    });
    expect(record).toMatchObject({
      salutation_id: null,
      email: null,
      mobile_phone: null,
      home_phone: null,
      postcode: null,
      online_booking_allowed: true,
      postcode_key: null,
      email_key: null,
    });
  });

  it('matches a salutation in any case, and keeps one the list lacks as written', () => {
    expect(accepted(clients, { ...valid, salutation: ' mRS ' }).salutation_id).toBe(
      idOf('salutations', 'Mrs'),
    );
    expect(accepted(clients, { ...valid, salutation: 'Mstr' })).toMatchObject({
      salutation_id: null,
      salutation_text: 'Mstr',
      salutation_key: 'mstr',
    });
  });

  it('refuses a mobile that is not a UK mobile, a home phone that is not a UK number, and a bad postcode', () => {
    const refusals = refused(clients, {
      ...valid,
      mobile_phone: '01423 123456',
      home_phone: '+33 1 23 45 67 89',
      postcode: '12345',
    });
    expect(refusals).toEqual([
      { column: 'mobile_phone', reason: contactReasons.mobile },
      { column: 'home_phone', reason: contactReasons.phone },
      { column: 'postcode', reason: contactReasons.postcode },
    ]);
  });

  it('refuses an e-mail address and names the forms would refuse', () => {
    expect(
      refused(clients, {
        ...valid,
        email: 'grace@',
        first_name: 'G'.repeat(101),
        last_name: 'B'.repeat(101),
      }),
    ).toEqual([
      { column: 'first_name', reason: 'longer than 100 characters' },
      { column: 'last_name', reason: 'longer than 100 characters' },
      { column: 'email', reason: contactReasons.email },
    ]);
  });

  it('refuses online_booking_allowed that is not true or false', () => {
    expect(refused(clients, { ...valid, online_booking_allowed: 'blocked' })).toEqual([
      { column: 'online_booking_allowed', reason: 'not true or false (empty means true)' },
    ]);
  });
});
