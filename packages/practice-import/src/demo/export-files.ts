/**
 * The import files and their columns, in the order the design's table lists them
 * (../shared/design/practice-systems.md, "Import files and their columns"; restated in
 * docs/practice-import-format.md). What the demo export and the benchmark's generator write.
 */
export const EXPORT_COLUMNS = {
  // The group's own list entries (decision 0096), read before the files whose rows name them.
  'list_entries.csv': ['list', 'code', 'name', 'species', 'synonyms'],
  'practices.csv': [
    'practice_ref',
    'name',
    'address_line1',
    'address_line2',
    'town',
    'county',
    'postcode',
    'phone',
    'email',
    'owner_name',
    'time_zone',
    'listed_online',
    'online_booking',
    'online_pet_registration',
    'slot_grid_minutes',
    'min_notice_minutes',
    'horizon_days',
    'cancellation_cutoff_minutes',
  ],
  'opening_hours.csv': ['practice_ref', 'day_of_week', 'opens', 'closes'],
  'clinicians.csv': ['clinician_ref', 'practice_ref', 'first_name', 'last_name', 'clinician_type', 'active'],
  'rota_shifts.csv': ['clinician_ref', 'day_of_week', 'starts', 'ends', 'valid_from', 'valid_to', 'breaks'],
  'closures.csv': ['closure_ref', 'practice_ref', 'clinician_ref', 'starts_at', 'ends_at', 'reason'],
  'appointment_reasons.csv': [
    'reason_ref',
    'name',
    'duration_minutes',
    'clinician_type',
    'initial_consultation',
    'species',
    'online',
  ],
  'prices.csv': [
    'price_ref',
    'practice_ref',
    'reason_ref',
    'service',
    'amount',
    'currency',
    'includes',
    'band',
    'effective_from',
  ],
  'clients.csv': [
    'client_ref',
    'practice_ref',
    'salutation',
    'first_name',
    'last_name',
    'email',
    'mobile_phone',
    'home_phone',
    'address_line1',
    'address_line2',
    'town',
    'county',
    'postcode',
    'online_booking_allowed',
  ],
  'pets.csv': [
    'pet_ref',
    'client_ref',
    'name',
    'species',
    'breed',
    'colour',
    'sex',
    'neutered',
    'date_of_birth',
    'microchip',
    'insurer',
    'policy_number',
    'status',
    'awaiting_initial_consultation',
  ],
  'appointments.csv': [
    'appointment_ref',
    'practice_ref',
    'clinician_ref',
    'client_ref',
    'pet_ref',
    'reason_ref',
    'starts_at',
    'ends_at',
    'status',
    'notes',
  ],
  'vaccinations.csv': ['vaccination_ref', 'pet_ref', 'vaccine', 'given_on', 'due_on'],
  'medications.csv': [
    'medication_ref',
    'pet_ref',
    'medicine',
    'strength',
    'dose_instructions',
    'category',
    'prescribed_on',
    'clinician_ref',
    'repeatable',
    'repeats_left',
    'review_due',
    'max_quantity',
    'unit',
  ],
} as const;

export type ExportFile = keyof typeof EXPORT_COLUMNS;

/** A row of one file: its columns' cells as written ('' for an empty one). */
export type ExportRow<F extends ExportFile> = Readonly<Record<(typeof EXPORT_COLUMNS)[F][number], string>>;

export type ExportTables = { readonly [F in ExportFile]: readonly ExportRow<F>[] };

/** The files in the order a reader meets the records they name (parents first). */
export const EXPORT_FILES = Object.keys(EXPORT_COLUMNS) as ExportFile[];

/** The columns holding an instant (ISO 8601 with the offset of the moment) or a calendar date. */
export const DATED_COLUMNS: {
  readonly [F in ExportFile]?: { instants?: readonly string[]; dates?: readonly string[] };
} = {
  'rota_shifts.csv': { dates: ['valid_from', 'valid_to'] },
  'closures.csv': { instants: ['starts_at', 'ends_at'] },
  'prices.csv': { dates: ['effective_from'] },
  'pets.csv': { dates: ['date_of_birth'] },
  'appointments.csv': { instants: ['starts_at', 'ends_at'] },
  'vaccinations.csv': { dates: ['given_on', 'due_on'] },
  'medications.csv': { dates: ['prescribed_on', 'review_due'] },
};

export const yesNo = (value: boolean): string => (value ? 'true' : 'false');
