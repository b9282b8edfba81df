import { isFeatureEnabled } from '@vet/contracts/practice-rules';
import { featureKeys } from '@vet/contracts/practices';
import { practiceTimeZone } from '@vet/contracts/practice-clock';
import type { PlannedClosure } from '@vet/db/seed/closures';
import { APPOINTMENT_REASONS } from '@vet/db/seed/data/lookups';
import { clinicianKey, DEMO_PRACTICES } from '@vet/db/seed/data/practices';
import type { PracticeSeed } from '@vet/db/seed/data/types';
import { demoRef, reasonRef } from './demo-references.ts';
import { yesNo, type ExportRow } from './export-files.ts';
import { practiceInstantText } from './practice-time-text.ts';

/** The demo's practices' and clinicians' references, by practice name and by clinicianKey. */
export interface PracticeRefs {
  practices: ReadonlyMap<string, string>;
  clinicians: ReadonlyMap<string, string>;
}

export function practiceRefs(): PracticeRefs {
  const practices = new Map<string, string>();
  const clinicians = new Map<string, string>();
  for (const practice of DEMO_PRACTICES) {
    practices.set(practice.name, demoRef.practice(practices.size + 1));
    for (const clinician of practice.clinicians) {
      clinicians.set(clinicianKey(practice.name, clinician), demoRef.clinician(clinicians.size + 1));
    }
  }
  return { practices, clinicians };
}

export function refOf(refs: ReadonlyMap<string, string>, key: string): string {
  const ref = refs.get(key);
  if (ref === undefined) throw new Error(`The demo data names an unknown record: ${key}`);
  return ref;
}

/** A feature setting as the export's true/false column (R3.10's reading: no setting is off). */
function feature(practice: PracticeSeed, key: string): string {
  const toggles = Object.entries(practice.features).map(([featureKey, value]) => ({ featureKey, value }));
  return yesNo(isFeatureEnabled(toggles, key));
}

/** Who owns every demo practice, as the group records it (decision 0104). */
export const DEMO_OWNER = 'Willowbrook Veterinary Group Ltd';

/** The group's VAT registration number, printed on its bills (made up: no real number is 999 9999 73). */
export const DEMO_VAT_NUMBER = 'GB999999973';

/** The booking rules stay the portal's defaults (R9.21): the demo's practices never set them. */
export function practiceRows(refs: PracticeRefs): ExportRow<'practices.csv'>[] {
  return DEMO_PRACTICES.map((p) => ({
    practice_ref: refOf(refs.practices, p.name),
    name: p.name,
    address_line1: p.addressLine1,
    address_line2: p.addressLine2 ?? '',
    town: p.town,
    county: p.county ?? '',
    postcode: p.postcode,
    phone: p.phone,
    email: p.email,
    owner_name: DEMO_OWNER,
    vat_number: DEMO_VAT_NUMBER,
    time_zone: practiceTimeZone,
    listed_online: yesNo(p.isOnline),
    online_booking: feature(p, featureKeys.onlineBooking),
    online_pet_registration: feature(p, featureKeys.onlinePetRegistration),
    slot_grid_minutes: '',
    min_notice_minutes: '',
    horizon_days: '',
    cancellation_cutoff_minutes: '',
  }));
}

export function openingHoursRows(refs: PracticeRefs): ExportRow<'opening_hours.csv'>[] {
  return DEMO_PRACTICES.flatMap((p) =>
    p.openingHours.map((h) => ({
      practice_ref: refOf(refs.practices, p.name),
      day_of_week: String(h.day),
      opens: h.opens,
      closes: h.closes,
    })),
  );
}

export function clinicianRows(refs: PracticeRefs): ExportRow<'clinicians.csv'>[] {
  return DEMO_PRACTICES.flatMap((p) =>
    p.clinicians.map((c) => ({
      clinician_ref: refOf(refs.clinicians, clinicianKey(p.name, c)),
      practice_ref: refOf(refs.practices, p.name),
      first_name: c.firstName,
      last_name: c.lastName,
      clinician_type: c.type,
      active: 'true',
    })),
  );
}

/** The demo's rotas repeat every week with no end: valid_from and valid_to stay empty. */
export function rotaShiftRows(refs: PracticeRefs): ExportRow<'rota_shifts.csv'>[] {
  return DEMO_PRACTICES.flatMap((p) =>
    p.clinicians.flatMap((c) =>
      c.rota.map((s) => ({
        clinician_ref: refOf(refs.clinicians, clinicianKey(p.name, c)),
        day_of_week: String(s.day),
        starts: s.start,
        ends: s.end,
        valid_from: '',
        valid_to: '',
        breaks: s.breaks.map(([from, to]) => `${from}-${to}`).join(';'),
      })),
    ),
  );
}

export function closureRows(
  refs: PracticeRefs,
  closures: readonly PlannedClosure[],
): ExportRow<'closures.csv'>[] {
  return closures.map((c, i) => ({
    closure_ref: demoRef.closure(i + 1),
    practice_ref: refOf(refs.practices, c.practice),
    clinician_ref: c.clinician === null ? '' : refOf(refs.clinicians, c.clinician),
    starts_at: practiceInstantText(c.startsAt),
    ends_at: practiceInstantText(c.endsAt),
    reason: c.reason,
  }));
}

/** Every demo reason is offered online. */
export function reasonRows(): ExportRow<'appointment_reasons.csv'>[] {
  return APPOINTMENT_REASONS.map((r) => ({
    reason_ref: reasonRef(r.name),
    name: r.name,
    duration_minutes: String(r.durationMinutes),
    clinician_type: r.clinicianType,
    initial_consultation: yesNo(r.isInitialConsultation ?? false),
    species: (r.species ?? []).join(';'),
    online: 'true',
  }));
}
