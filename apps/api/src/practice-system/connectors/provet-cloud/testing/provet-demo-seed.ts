import { readFileSync } from 'node:fs';
import { addDays, isoDayOfWeek, practiceInstant } from '@vet/contracts/practice-clock';
import { parse } from 'csv-parse/sync';
import { provetAppointmentTypes } from '../provet-shapes.ts';
import { standInSpecies, type ProvetStore } from './provet-store.ts';

const demoDir = new URL('../../../../../../../packages/practice-import/demo-group/', import.meta.url);

type Row = Record<string, string>;
const rows = (file: string): Row[] =>
  parse(readFileSync(new URL(file, demoDir), 'utf8'), { bom: true, columns: true, skip_empty_lines: true });

/** A UK number as the client's phone record holds it: "+358 401234567" form, no spaces (support article). */
const e164 = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('0') ? `+44${digits.slice(1)}` : `+${digits}`;
};

/** Where each demo record went: the demo's reference → the stand-in's id, per kind. */
export interface DemoSeedIds {
  departments: Map<string, number>;
  users: Map<string, number>;
  reasons: Map<string, number>;
  clients: Map<string, number>;
  patients: Map<string, number>;
  appointments: Map<string, number>;
  closures: Map<string, number>;
  /** A vaccination's reference → the consultation item that gave it. */
  vaccinations: Map<string, number>;
}

/**
 * The demo group's export (packages/practice-import/demo-group/*.csv) as one Provet Cloud installation:
 * practices as departments, clinicians as users with dated shifts (each rota day from `from` for `days`
 * days, split at its breaks; open to online booking), reasons, clients with their phone numbers, patients
 * and appointments; a clinician's closures as internal bookings; vaccinations as consultation items of
 * vaccine items (decision 0120), beside one item that is no vaccine. Practice-wide closures are not seeded:
 * Provet names no place for them in the documentation read (decision 0108).
 */
export function seedDemoGroup(store: ProvetStore, from: string, days = 28): DemoSeedIds {
  const ids: DemoSeedIds = {
    departments: new Map(),
    users: new Map(),
    reasons: new Map(),
    clients: new Map(),
    patients: new Map(),
    appointments: new Map(),
    closures: new Map(),
    vaccinations: new Map(),
  };
  for (const p of rows('practices.csv')) {
    const record = store.insert('department', {
      name: p.name,
      street_address: p.address_line1,
      zip_code: p.postcode,
      city: p.town,
      phone_number: e164(p.phone!),
      email: p.email || null,
    });
    ids.departments.set(p.practice_ref!, record.id);
  }
  const homeOf = new Map<string, string>();
  for (const c of rows('clinicians.csv')) {
    const record = store.insert('user', {
      first_name: c.first_name,
      last_name: c.last_name,
      is_active: c.active !== 'false',
      groups: c.clinician_type === 'Nurse' ? [`${store.apiBase}/usergroup/2/`] : [],
    });
    ids.users.set(c.clinician_ref!, record.id);
    homeOf.set(c.clinician_ref!, c.practice_ref!);
  }
  for (const shift of rows('rota_shifts.csv')) {
    const user = ids.users.get(shift.clinician_ref!)!;
    const department = ids.departments.get(homeOf.get(shift.clinician_ref!)!)!;
    for (let n = 0; n < days; n += 1) {
      const date = addDays(from, n);
      if (isoDayOfWeek(date) !== Number(shift.day_of_week)) continue;
      if ((shift.valid_from && date < shift.valid_from) || (shift.valid_to && date > shift.valid_to))
        continue;
      const cuts = (shift.breaks ?? '')
        .split(';')
        .filter(Boolean)
        .flatMap((b) => b.split('-'));
      const edges = [shift.starts!, ...cuts, shift.ends!];
      for (let i = 0; i < edges.length; i += 2) {
        store.insert('shift', {
          start: practiceInstant(date, edges[i]!).toISOString(),
          end: practiceInstant(date, edges[i + 1]!).toISOString(),
          user: store.url('user', user),
          department: store.url('department', department),
          web: true,
          note: '',
        });
      }
    }
  }
  for (const r of rows('appointment_reasons.csv')) {
    const record = store.insert('reason', {
      name: r.name,
      duration: Number(r.duration_minutes),
      available_online: r.online !== 'false',
      archived: false,
      species: (r.species ?? '').split(';').filter(Boolean),
    });
    ids.reasons.set(r.reason_ref!, record.id);
  }
  for (const c of rows('clients.csv')) {
    const record = store.insert('client', {
      title: c.salutation || null,
      firstname: c.first_name,
      lastname: c.last_name,
      email: c.email ?? '',
      street_address: c.address_line1 ?? '',
      street_address_2: c.address_line2 || null,
      zip_code: c.postcode ?? '',
      city: c.town ?? '',
      remarks: '',
      archived: false,
      home_department: store.url('department', ids.departments.get(c.practice_ref!)!),
    });
    ids.clients.set(c.client_ref!, record.id);
    const phones: [string | undefined, number][] = [
      [c.mobile_phone, 1],
      [c.home_phone, 2],
    ];
    for (const [phone, typeCode] of phones) {
      if (!phone) continue;
      store.insert('phonenumber', {
        client: record.url,
        type_code: typeCode,
        phone_number: e164(phone),
        description: null,
      });
    }
  }
  for (const p of rows('pets.csv')) {
    const record = store.insert('patient', {
      client: store.url('client', ids.clients.get(p.client_ref!)!),
      name: p.name,
      // As Provet answers a patient's species: "Dog (Canine - Domestic)" (usage_examples.html).
      species: provetSpeciesText(p.species!),
      breed: p.breed || null,
      gender: p.sex || 'Unknown',
      date_of_birth: p.date_of_birth || null,
      deceased: p.status === 'Deceased' ? from : null,
      color: p.colour ?? '',
      microchip: p.microchip || null,
      remarks: null,
      archived: p.status === 'Rehomed',
    });
    ids.patients.set(p.pet_ref!, record.id);
  }
  const items = new Map<string, string>();
  const itemOf = (name: string, vaccination: boolean) => {
    const known = items.get(name);
    if (known) return known;
    const { url } = store.insert('item', { name, type_code: 2, vaccination, archived: false });
    items.set(name, url);
    return url;
  };
  for (const [n, v] of rows('vaccinations.csv').entries()) {
    const record = store.insert('consultationitem', {
      consultation: `${store.apiBase}/consultation/${n + 1}/`,
      patient: store.url('patient', ids.patients.get(v.pet_ref!)!),
      item: itemOf(v.vaccine!, true),
      name: v.vaccine,
      type_code: 2,
      used: practiceInstant(v.given_on!, '10:00').toISOString(),
    });
    ids.vaccinations.set(v.vaccination_ref!, record.id);
  }
  // A medicine that is no vaccine, given on a consultation: never read as a vaccination.
  store.insert('consultationitem', {
    consultation: `${store.apiBase}/consultation/9999/`,
    patient: store.url('patient', ids.patients.values().next().value!),
    item: itemOf('Clomicalm 20 mg tablets', false),
    name: 'Clomicalm 20 mg tablets',
    type_code: 2,
    used: practiceInstant(from, '10:00').toISOString(),
  });
  for (const a of rows('appointments.csv')) {
    const record = store.insert('appointment', {
      start: new Date(a.starts_at!).toISOString(),
      end: new Date(a.ends_at!).toISOString(),
      title: '',
      complaint: '',
      user: store.url('user', ids.users.get(a.clinician_ref!)!),
      client: store.url('client', ids.clients.get(a.client_ref!)!),
      patients: [store.url('patient', ids.patients.get(a.pet_ref!)!)],
      consultation: null,
      notes: a.notes ?? '',
      active: a.status === 'Cancelled' ? 0 : 1,
      department: store.url('department', ids.departments.get(a.practice_ref!)!),
      reason: store.url('reason', ids.reasons.get(a.reason_ref!)!),
      type: provetAppointmentTypes.consultation,
    });
    if (a.status === 'Completed') store.update('appointment', record.id, { consultation: record.url });
    ids.appointments.set(a.appointment_ref!, record.id);
  }
  // A clinician's own closures as internal bookings (type 4); Provet names no practice-wide closure.
  for (const c of rows('closures.csv').filter((row) => row.clinician_ref)) {
    const record = store.insert('appointment', {
      start: new Date(c.starts_at!).toISOString(),
      end: new Date(c.ends_at!).toISOString(),
      title: c.reason ?? '',
      complaint: '',
      user: store.url('user', ids.users.get(c.clinician_ref!)!),
      client: null,
      patients: [],
      consultation: null,
      notes: '',
      active: 1,
      department: store.url('department', ids.departments.get(c.practice_ref!)!),
      reason: null,
      type: provetAppointmentTypes.internalBooking,
    });
    ids.closures.set(c.closure_ref!, record.id);
  }
  return ids;
}

/** A species name as Provet's patient answers it, where the stand-in knows its description (provet-store.ts). */
function provetSpeciesText(name: string): string {
  return Object.values(standInSpecies).find((text) => text.startsWith(`${name} (`)) ?? name;
}
