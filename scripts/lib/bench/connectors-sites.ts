import { addDays, isoDayOfWeek, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import type { VendorConnection } from '../../../apps/api/src/practice-system/connectors/index.ts';
import { startEzyvetStandIn } from '../../../apps/api/src/practice-system/connectors/ezyvet/testing/ezyvet-stand-in.ts';
import { startProvetStandIn } from '../../../apps/api/src/practice-system/connectors/provet-cloud/testing/provet-cloud-stand-in.ts';
import {
  ezyvetBenchConnection,
  provetBenchConnection,
} from '../../../apps/api/src/practice-system/connectors/testing/connector-bench-kit.ts';

/**
 * The vendors' stand-ins (apps/api/src/practice-system/connectors/*\/testing/) holding one practice of
 * the group at scale, generated straight into their in-memory stores, each with its connection, on a
 * vendor clock the bench runs faster than the wall's.
 */

/**
 * The vendor's time: the wall's, plus every wait skipped. A sleep (a rate limit's wait, a poll interval)
 * returns at once and moves the clock on, as the stand-ins' test clocks do (ManualClock, FakeClock); the
 * work between sleeps (HTTP, the portal's database) takes its real time. The stand-in and the connection
 * share it, so the published per-minute limits hold on it and every figure is vendor time.
 */
export class VendorClock {
  private skipped = 0;
  private readonly wallStart = performance.now();
  /** Vendor time spent sleeping for the connection (its rate limits and Retry-After). */
  slept = 0;

  constructor(private readonly start: number) {}

  now = (): number => Math.floor(this.start + (performance.now() - this.wallStart) + this.skipped);

  sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    this.skipped += Math.max(0, ms);
    this.slept += Math.max(0, ms);
    return Promise.resolve();
  };

  /** On to `at` (a poll's time, the next booking's): nothing happens in between but waiting. */
  advanceTo(at: number): void {
    const now = this.now();
    if (at > now) this.skipped += at - now;
  }
}

/** One practice of the group's average size (scripts/lib/bench/group-data-set.ts), times `scale`. */
export interface SiteShape {
  clinicians: number;
  vets: number;
  clients: number;
  /** 1.5 a client: every other client has two. */
  pets: number;
  vaccinationsPerPet: number;
  /** Appointments each clinician has each weekday of the next `days`. */
  perClinicianDay: number;
  days: number;
}

export function siteShape(scale: number): SiteShape {
  const clinicians = Math.max(2, Math.round(20 * scale));
  const clients = Math.max(10, Math.round(2_000 * scale));
  return {
    clinicians,
    vets: Math.max(1, Math.round(clinicians * 0.7)),
    clients,
    pets: clients + Math.floor(clients / 2),
    vaccinationsPerPet: 2,
    perClinicianDay: 5,
    days: 90,
  };
}

/** A request the stand-in answered, on its clock. */
export interface StampedRequest {
  at: number;
  endpoint: string;
  status: number | string;
}

export interface DeskBooking {
  clinicianRef: string;
  reasonRef: string;
  petRef: string;
  clientRef: string;
  startsAt: Date;
  minutes: number;
}

export interface BenchSite {
  system: 'ezyVet' | 'Provet Cloud';
  practiceRef: string;
  connection: VendorConnection;
  /** Another connection to the site, with its own limiter, reading pages of `pageSize` records. */
  connect(pageSize: number): VendorConnection;
  clock: VendorClock;
  /** What the site holds of the practice's. */
  counts: Record<string, number>;
  /** The published limits the stand-in enforces, per minute: what the budget share is counted against. */
  limits: { perEndpoint: number; perDatabase: number | null };
  /** Every request the stand-in has answered so far, from its own log, stamped with its clock. */
  requests: StampedRequest[];
  deskBook(booking: DeskBooking): void;
  /** Whether the diary holds this appointment (by the system's reference) at `startsAt`. */
  inDiary(appointmentRef: string, startsAt: Date): boolean;
  violations(): readonly string[];
  close(): Promise<void>;
}

/**
 * The site's records were last changed this long before the connector's first read, as a live system's
 * are (its first sync reads what the practice has had for years). Provet Cloud's next sweep reads again
 * what changed in the five minutes before the last began (decision 0108): a seed stamped a moment before
 * the first sync would all be read twice.
 */
const SEED_AGE_MS = 3_600_000;

/** Weekday cells of 30 minutes, 08:30-12:30 and 13:00-17:00: the rota's two windows a day. */
const cells = [
  ...Array.from({ length: 8 }, (_, i) => 510 + 30 * i),
  ...Array.from({ length: 8 }, (_, i) => 780 + 30 * i),
].map(
  (minutes) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
);
const windows = [
  ['08:30', '12:30'],
  ['13:00', '17:00'],
] as const;

/** The next `days` weekdays from tomorrow. */
function weekdays(days: number): string[] {
  const today = practiceDate(new Date());
  return Array.from({ length: days }, (_, i) => addDays(today, i + 1)).filter(
    (day) => isoDayOfWeek(day) <= 5,
  );
}

/** Reasons as a practice system holds them: online, any species, a vet's (the demo group's first two). */
const reasons = [
  { name: 'General consultation', minutes: 15 },
  { name: 'Vaccination', minutes: 15 },
  { name: 'Check-up', minutes: 30 },
];

/** Appointment n of a clinician on a day takes its own cell, so no clinician is ever double-booked. */
const cellOf = (clinician: number, n: number, perDay: number) =>
  cells[(clinician + n * Math.floor(16 / perDay)) % 16]!;

/** A pet's client: pets 0..clients-1 are each client's first; the rest second pets of even clients. */
const clientOfPet = (pet: number, clients: number) => (pet < clients ? pet : (pet - clients) * 2);

export async function ezyvetSite(shape: SiteShape, practiceRef: string): Promise<BenchSite> {
  const clock = new VendorClock(Date.now() - SEED_AGE_MS);
  const limits = { perEndpoint: 60, perDatabase: 180 };
  const standIn = await startEzyvetStandIn({ clock, limits });
  const { db } = standIn;
  Object.assign(db.site, { name: 'Bench Practice 1', town: 'Benchton', postcode: 'BN1 1AA' });
  const resources = Array.from({ length: shape.clinicians }, (_, i) =>
    db.insert('resource', {
      uid: db.nextUid('resource'),
      name: `Bench Clinician${i + 1}`,
      type: i < shape.vets ? 'Vet' : 'Nurse',
    }),
  );
  const days = weekdays(shape.days);
  for (const resource of resources)
    for (const day of days)
      for (const [from, to] of windows)
        db.insert('planningguide', {
          appointment_type_id: null,
          resource_id: resource.id,
          start_at: practiceInstant(day, from).getTime() / 1000,
          end_at: practiceInstant(day, to).getTime() / 1000,
        });
  const types = reasons.map((reason) =>
    db.insert('appointmenttype', {
      uid: db.nextUid('type'),
      name: reason.name,
      default_duration: reason.minutes,
    }),
  );
  const contacts = Array.from({ length: shape.clients }, (_, i) => {
    const contact = db.insert('contact', {
      uid: db.nextUid('contact'),
      code: `BENCH-C${i + 1}`,
      first_name: 'Bench',
      last_name: `Client${i + 1}`,
    });
    db.insert('contactdetail', {
      contact_id: contact.id,
      contact_detail_type_id: db.detailTypeId('Email'),
      value: `client${i + 1}@bench.example`,
    });
    db.insert('contactdetail', {
      contact_id: contact.id,
      contact_detail_type_id: db.detailTypeId('Mobile'),
      value: `07400 ${String(100_000 + (i % 900_000)).padStart(6, '0')}`,
    });
    return contact;
  });
  const species = ['Dog', 'Cat'].map((name) => db.insert('species', { name }));
  const sexes = ['Male', 'Female'].map((name) => db.tables.sex.find((sex) => sex.name === name)!);
  const animals = Array.from({ length: shape.pets }, (_, i) =>
    db.insert('animal', {
      uid: db.nextUid('animal'),
      code: `BENCH-P${i + 1}`,
      name: `Pet${i + 1}`,
      contact_id: contacts[clientOfPet(i, shape.clients)]!.id,
      species_id: species[i % 2]!.id,
      breed_id: null,
      sex_id: sexes[i % 2]!.id,
      is_desexed: true,
      date_of_birth: '2020-05-01',
      microchip_number: null,
      is_dead: false,
    }),
  );
  for (const animal of animals)
    for (let v = 0; v < shape.vaccinationsPerPet; v += 1)
      db.insert('vaccination', {
        animal_id: animal.id,
        name: v === 0 ? 'DHP' : 'Leptospirosis',
        date_given: '2026-03-01',
        date_due: '2027-03-01',
      });
  const confirmed = db.statusId('Confirmed');
  let next = 0;
  for (const day of days)
    for (const [c, resource] of resources.entries())
      for (let n = 0; n < shape.perClinicianDay; n += 1) {
        // A client's first pet: two appointments of one pet are always at different cells or days.
        const animal = animals[next++ % shape.clients]!;
        db.insert('appointment', {
          uid: db.nextUid('appointment'),
          start_at: practiceInstant(day, cellOf(c, n, shape.perClinicianDay)).getTime() / 1000,
          duration: 15,
          type_id: types[n % 2]!.id,
          status_id: confirmed,
          animal_id: animal.id,
          contact_id: animal.contact_id,
          resources: [{ id: resource.id }],
          description: '',
        });
      }
  const counts = {
    clinicians: resources.length,
    clients: contacts.length,
    pets: animals.length,
    vaccinations: db.tables.vaccination.length,
    appointments: db.tables.appointment.length,
    'planning guides': db.tables.planningguide.length,
  };
  clock.advanceTo(clock.now() + SEED_AGE_MS);
  const requests: StampedRequest[] = [];
  stampPushes(standIn.requests, (logged) =>
    requests.push({
      at: clock.now(),
      endpoint: `${logged.method} ${logged.endpoint}`,
      status: logged.status,
    }),
  );
  return {
    system: 'ezyVet',
    practiceRef,
    connection: ezyvetBenchConnection(standIn, { practiceRef, clock, limits }),
    connect: (pageSize) => ezyvetBenchConnection(standIn, { practiceRef, clock, limits, pageSize }),
    clock,
    counts,
    limits,
    requests,
    deskBook: (b) =>
      void standIn.deskBook({
        resourceId: Number(b.clinicianRef),
        typeId: Number(b.reasonRef),
        animalId: Number(b.petRef),
        startsAt: b.startsAt.toISOString(),
        minutes: b.minutes,
      }),
    inDiary: (ref, startsAt) => {
      const found = standIn.db.find('appointment', Number(ref));
      return found?.active === true && found.start_at * 1000 === startsAt.getTime();
    },
    violations: () => standIn.violations,
    close: () => standIn.close(),
  };
}

/**
 * Provet Cloud publishes each endpoint's limit only in the installation's schema (ratelimit.html): the
 * bench takes 60 a minute for every endpoint, the connection's default, for the stand-in and the
 * connection alike.
 */
const provetPerEndpoint = 60;

export async function provetSite(shape: SiteShape, practiceRef: string): Promise<BenchSite> {
  const clock = new VendorClock(Date.now() - SEED_AGE_MS);
  const standIn = await startProvetStandIn({ now: clock.now, rateLimitPerMinute: provetPerEndpoint });
  const { store } = standIn;
  const department = store.insert('department', {
    name: 'Bench Practice 1',
    street_address: '1 High Street',
    zip_code: 'BN1 1AA',
    city: 'Benchton',
    phone_number: '+441423123456',
    email: null,
  });
  const users = Array.from({ length: shape.clinicians }, (_, i) =>
    store.insert('user', {
      first_name: 'Bench',
      last_name: `Clinician${i + 1}`,
      is_active: true,
      groups: i < shape.vets ? [] : [`${store.apiBase}/usergroup/2/`],
    }),
  );
  const days = weekdays(shape.days);
  for (const user of users)
    for (const day of days)
      for (const [from, to] of windows)
        store.insert('shift', {
          start: practiceInstant(day, from).toISOString(),
          end: practiceInstant(day, to).toISOString(),
          user: user.url,
          department: department.url,
          web: true,
          note: '',
        });
  const reasonRecords = reasons.map((reason) =>
    store.insert('reason', {
      name: reason.name,
      duration: reason.minutes,
      available_online: true,
      archived: false,
      species: [],
    }),
  );
  const clients = Array.from({ length: shape.clients }, (_, i) => {
    const client = store.insert('client', {
      title: null,
      firstname: 'Bench',
      lastname: `Client${i + 1}`,
      email: `client${i + 1}@bench.example`,
      street_address: `${i + 1} High Street`,
      street_address_2: null,
      zip_code: 'BN1 1AA',
      city: 'Benchton',
      remarks: '',
      archived: false,
      home_department: department.url,
    });
    store.insert('phonenumber', {
      client: client.url,
      type_code: 1,
      phone_number: `+447400${String(100_000 + (i % 900_000)).padStart(6, '0')}`,
      description: null,
    });
    return client;
  });
  const patients = Array.from({ length: shape.pets }, (_, i) =>
    store.insert('patient', {
      client: clients[clientOfPet(i, shape.clients)]!.url,
      name: `Pet${i + 1}`,
      species: i % 2 === 0 ? 'Dog' : 'Cat',
      breed: null,
      gender: i % 2 === 0 ? 'Male' : 'Female',
      date_of_birth: '2020-05-01',
      deceased: null,
      color: '',
      microchip: null,
      remarks: null,
      archived: false,
    }),
  );
  let next = 0;
  for (const day of days)
    for (const [c, user] of users.entries())
      for (let n = 0; n < shape.perClinicianDay; n += 1) {
        const p = next++ % shape.clients;
        const start = practiceInstant(day, cellOf(c, n, shape.perClinicianDay));
        store.insert('appointment', {
          start: start.toISOString(),
          end: new Date(start.getTime() + 15 * 60_000).toISOString(),
          title: '',
          complaint: '',
          user: user.url,
          client: clients[p]!.url,
          patients: [patients[p]!.url],
          consultation: null,
          notes: '',
          active: 1,
          department: department.url,
          reason: reasonRecords[n % 2]!.url,
          type: 1, // consultation (provetAppointmentTypes)
        });
      }
  const counts = {
    clinicians: users.length,
    clients: clients.length,
    pets: patients.length,
    appointments: store.list('appointment').length,
    shifts: store.list('shift').length,
  };
  clock.advanceTo(clock.now() + SEED_AGE_MS);
  const requests: StampedRequest[] = [];
  stampPushes(standIn.control.statuses, (logged) =>
    requests.push({ at: clock.now(), endpoint: logged.endpoint, status: logged.status }),
  );
  return {
    system: 'Provet Cloud',
    practiceRef,
    connection: provetBenchConnection(standIn, {
      practiceRef,
      departmentId: department.id,
      clock,
      perMinute: provetPerEndpoint,
    }),
    connect: (pageSize) =>
      provetBenchConnection(standIn, {
        practiceRef,
        departmentId: department.id,
        clock,
        perMinute: provetPerEndpoint,
        pageSize,
      }),
    clock,
    counts,
    limits: { perEndpoint: provetPerEndpoint, perDatabase: null },
    requests,
    deskBook: (b) =>
      void standIn.control.deskBook({
        userId: Number(b.clinicianRef),
        departmentId: department.id,
        clientId: Number(b.clientRef),
        patientId: Number(b.petRef),
        reasonId: Number(b.reasonRef),
        start: b.startsAt.toISOString(),
        end: new Date(b.startsAt.getTime() + b.minutes * 60_000).toISOString(),
      }),
    inDiary: (ref, startsAt) => {
      const found = store.get('appointment', Number(ref));
      return found?.active === 1 && Date.parse(String(found.start)) === startsAt.getTime();
    },
    violations: () => standIn.control.violations,
    close: () => standIn.close(),
  };
}

/**
 * Each entry the stand-in adds to its own request log, seen as it is added: the log keeps the endpoint
 * and status, the bench adds the vendor clock's time to count requests per window.
 */
function stampPushes<T>(log: T[], seen: (entry: T) => void): void {
  const push = log.push.bind(log);
  log.push = (...entries: T[]) => {
    for (const entry of entries) seen(entry);
    return push(...entries);
  };
}
