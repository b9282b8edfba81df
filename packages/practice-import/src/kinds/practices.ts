import { practiceTimeZone } from '@vet/contracts/practice-clock';
import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import { nationalPhoneNumber } from '@vet/contracts/uk-contact-details';
import { addressCells, emailCell, phoneCell } from './contact-cells.ts';
import type { RecordKind } from './kind.ts';
import { prescriptionSettingCells } from './prescription-settings.ts';

/**
 * practices.csv. The booking settings (slot grid, notice, horizon, cancellation cut-off) keep the
 * portal's defaults when empty (null here). The ranges are what a booking page can work with: a grid of
 * 5 to 60 minutes, notice and cut-off of up to 30 days, a horizon of a day to a year.
 */
export const practiceSettingRanges = {
  slot_grid_minutes: { min: 5, max: 60 },
  min_notice_minutes: { min: 0, max: 30 * 24 * 60 },
  horizon_days: { min: 1, max: 366 },
  cancellation_cutoff_minutes: { min: 0, max: 30 * 24 * 60 },
  message_answer_hours: { min: 1, max: 7 * 24 },
} as const;

export const practiceReasons = {
  vatNumber: 'not a UK VAT registration number: GB (or XI) and 9 or 12 digits, e.g. GB123456789',
  timeZone: `not ${practiceTimeZone}: every practice keeps UK time (decision 0055); leave it empty or write ${practiceTimeZone}`,
} as const;

const vatNumberPattern = /^(GB|XI)?(\d{9}|\d{12})$/;

/**
 * A VAT registration number as HMRC writes it (https://www.gov.uk/guidance/vat-registration-numbers:
 * GB, or XI in Northern Ireland, and 9 digits, 12 for a branch), printed on the practice's invoices.
 * Spaces are dropped and GB is added when left out, so the bill prints one form.
 */
function vatNumberCell(cells: RowCells): string | null {
  const text = cells.text('vat_number');
  if (text === null) return null;
  const match = vatNumberPattern.exec(text.replace(/\s+/g, '').toUpperCase());
  if (!match) return cells.refuse('vat_number', practiceReasons.vatNumber);
  return `${match[1] ?? 'GB'}${match[2]}`;
}

export const practices: RecordKind = {
  file: 'practices.csv',
  columns: columnsOf({
    practice_ref: true,
    name: true,
    address_line1: true,
    address_line2: false,
    town: true,
    county: false,
    postcode: true,
    phone: true,
    email: false,
    owner_name: false,
    vat_number: false,
    time_zone: false,
    listed_online: false,
    online_booking: false,
    online_pet_registration: false,
    slot_grid_minutes: false,
    min_notice_minutes: false,
    horizon_days: false,
    cancellation_cutoff_minutes: false,
    prescription_review_months: false,
    written_prescription_fee: false,
    written_prescription_further_fee: false,
    message_answer_hours: false,
  }),
  refColumn: 'practice_ref',
  references: [],
  staged: {
    practice_ref: 'text',
    name: 'text',
    address_line1: 'text',
    address_line2: 'text',
    town: 'text',
    county: 'text',
    postcode: 'text',
    phone: 'text',
    email: 'text',
    owner_name: 'text',
    vat_number: 'text',
    listed_online: 'boolean',
    online_booking: 'boolean',
    online_pet_registration: 'boolean',
    slot_grid_minutes: 'integer',
    min_notice_minutes: 'integer',
    horizon_days: 'integer',
    cancellation_cutoff_minutes: 'integer',
    prescription_review_months: 'integer',
    written_prescription_fee_pence: 'integer',
    written_prescription_further_fee_pence: 'integer',
    message_answer_hours: 'integer',
  },
  parse(row) {
    const cells = new RowCells(row);
    const record = {
      practice_ref: cells.text('practice_ref', required),
      name: cells.text('name', required),
      ...addressCells(cells, required),
      // Clients read a practice's number, on its page and in tel: links: stored as written in the UK.
      phone: nationalPhoneNumber(phoneCell(cells, 'phone', { required: true, mobile: false })),
      email: emailCell(cells, 'email'),
      owner_name: cells.text('owner_name', { maxLength: 200 }),
      vat_number: vatNumberCell(cells),
      listed_online: cells.boolean('listed_online', true),
      online_booking: cells.boolean('online_booking', true),
      online_pet_registration: cells.boolean('online_pet_registration', true),
      slot_grid_minutes: cells.integer('slot_grid_minutes', practiceSettingRanges.slot_grid_minutes),
      min_notice_minutes: cells.integer('min_notice_minutes', practiceSettingRanges.min_notice_minutes),
      horizon_days: cells.integer('horizon_days', practiceSettingRanges.horizon_days),
      cancellation_cutoff_minutes: cells.integer(
        'cancellation_cutoff_minutes',
        practiceSettingRanges.cancellation_cutoff_minutes,
      ),
      ...prescriptionSettingCells(cells),
      // Issue 66: the practice answers owners' messages within this many opening hours; empty: it takes
      // none online (the portal says to call).
      message_answer_hours: cells.integer('message_answer_hours', practiceSettingRanges.message_answer_hours),
    };
    // Not staged: the database holds Europe/London only, and the import says so rather than fail there.
    const timeZone = cells.cell('time_zone');
    if (timeZone !== null && timeZone !== practiceTimeZone)
      cells.refuse('time_zone', practiceReasons.timeZone);
    return cells.result(record);
  },
};
