import { emailKey, lastNameKey, postcodeKey } from '@vet/db/normalise';
import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import { addressCells, contactLimits, emailCell, phoneCell } from './contact-cells.ts';
import type { RecordKind } from './kind.ts';
import { listValueCell, stagedListValue } from './lookup-cells.ts';

/**
 * clients.csv. Names, address, phones and e-mail by the new-client form's rules; the salutation by the
 * portal's list. The normal forms the sign-up check matches on (last name, postcode, e-mail) are staged
 * with the record, as the portal writes them for a client it registers.
 */

export const clients: RecordKind = {
  file: 'clients.csv',
  columns: columnsOf({
    client_ref: true,
    practice_ref: true,
    salutation: false,
    first_name: true,
    last_name: true,
    email: false,
    mobile_phone: false,
    home_phone: false,
    address_line1: false,
    address_line2: false,
    town: false,
    county: false,
    postcode: false,
    online_booking_allowed: false,
  }),
  refColumn: 'client_ref',
  references: [{ column: 'practice_ref', file: 'practices.csv' }],
  staged: {
    client_ref: 'text',
    practice_ref: 'text',
    salutation_id: 'integer',
    salutation_text: 'text',
    salutation_key: 'text',
    salutation_code: 'text',
    first_name: 'text',
    last_name: 'text',
    email: 'text',
    mobile_phone: 'text',
    home_phone: 'text',
    address_line1: 'text',
    address_line2: 'text',
    town: 'text',
    county: 'text',
    postcode: 'text',
    online_booking_allowed: 'boolean',
    last_name_key: 'text',
    postcode_key: 'text',
    email_key: 'text',
  },
  parse(row, { lookups }) {
    const cells = new RowCells(row);
    const record = {
      client_ref: cells.text('client_ref', required),
      practice_ref: cells.text('practice_ref', required),
      ...stagedListValue('salutation', listValueCell(cells, 'salutation', lookups.salutations)),
      first_name: cells.text('first_name', { required: true, maxLength: contactLimits.firstName }),
      last_name: cells.text('last_name', { required: true, maxLength: contactLimits.lastName }),
      email: emailCell(cells, 'email'),
      mobile_phone: phoneCell(cells, 'mobile_phone', { mobile: true }),
      home_phone: phoneCell(cells, 'home_phone', { mobile: false }),
      ...addressCells(cells, {}),
      online_booking_allowed: cells.boolean('online_booking_allowed', true),
    };
    return cells.result({
      ...record,
      last_name_key: record.last_name === null ? null : lastNameKey(record.last_name),
      postcode_key: record.postcode === null ? null : postcodeKey(record.postcode),
      email_key: record.email === null ? null : emailKey(record.email),
    });
  },
};
