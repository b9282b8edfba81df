/**
 * Migrations the linter does not check (decision 0125): every one applied before the linter existed. Each is
 * recorded by its hash on the databases that applied it, so none is ever edited; a database still to apply
 * one (an old release's, upgraded) takes its locks once. A new migration is never added here: it passes
 * the rules, or carries a `-- squawk-ignore <rule>` comment saying why the lock is short.
 */
const beforeTheLinter =
  'applied before decision 0125 on tables of the size a new group starts with; its hash is stored, so it stays';

const earlier = [
  '0000_initial',
  '0001_no_double_booking',
  '0002_identity',
  '0003_onboarding',
  '0004_client_changes',
  '0005_slots_and_booking',
  '0006_guest_holds',
  '0007_pet_belongs_to_client',
  '0008_pet_no_overlap',
  '0009_reservations_busy_index_only',
  '0010_idp_attempts_and_sign_ups',
  '0011_session_refresh_claim',
  '0012_practices_in_uk_time',
  '0013_onboarding_counters',
  '0014_practice_system_refs',
  '0015_guest_hold_displaced',
  '0016_pets_rehomed_and_sex_unknown',
  '0017_practice_events',
  '0018_delivery_retry_window',
  '0019_import_fingerprints',
  '0020_web_session_device',
  '0021_link_stages',
  '0022_reauth_and_data_exports',
  '0023_idp_email_changes',
  '0024_manage_link_attendance',
  '0025_appointment_calendar_sequence',
  '0026_appointment_reminders',
  '0027_earlier_times',
  '0028_vaccination_reminders',
  '0029_reminder_indexes',
  '0030_manage_link_generation',
  '0031_notes_for_client',
  '0032_reference_lists',
  '0033_lists_version_row',
  '0034_lists_version_by_writers',
  '0035_practice_scoped_events',
  '0036_practice_prices',
  '0037_connectors',
  '0038_prescriptions',
  '0039_webhook_endpoints_owned',
  '0040_connector_refusal_backoff',
  '0041_identity_and_versions',
] as const;

/** Each baselined migration's tag (its file name without `.sql`) and why it is not checked. */
export const baseline: ReadonlyMap<string, string> = new Map<string, string>([
  ...earlier.map((tag): [string, string] => [tag, beforeTheLinter]),
  [
    '0042_retention_indexes',
    'plain CREATE INDEX on the outbox, events, deliveries, reminders and audit log (decision 0119), applied ' +
      'before decision 0125; a database that has not applied it blocks writes to those tables while it builds',
  ],
  [
    '0043_appointment_visits',
    'plain CREATE INDEX on appointments (decision 0117), applied before decision 0125; a database that has ' +
      'not applied it blocks writes to appointments while it builds',
  ],
]);
