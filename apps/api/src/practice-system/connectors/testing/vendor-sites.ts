import { practiceDate } from '@vet/contracts/practice-clock';
import { createEzyvetConnection } from '../ezyvet/index.ts';
import { seedDemoPractice } from '../ezyvet/testing/ezyvet-demo-seed.ts';
import { standInCredentials, startEzyvetStandIn } from '../ezyvet/testing/ezyvet-stand-in.ts';
import { createManualClock } from '../ezyvet/testing/manual-clock.ts';
import { createProvetCloudConnection } from '../provet-cloud/index.ts';
import { seedDemoGroup } from '../provet-cloud/testing/provet-demo-seed.ts';
import { startProvetStandIn } from '../provet-cloud/testing/provet-cloud-stand-in.ts';
import { FakeClock, standInSpeciesCodes } from '../provet-cloud/testing/provet-test-kit.ts';
import type { VendorConnection } from '../vendor-port.ts';

/** The demo group's first practice held by a vendor's stand-in, as the layer's end-to-end tests need it. */
export interface VendorSite {
  practiceRef: string;
  connection: VendorConnection;
  /** What the site holds: the portal should hold as many once synced. */
  counts: { clients: number; pets: number; appointments: number; vaccinations: number };
  /** The desk books a clinician (by the system's references, as the portal stores them). */
  deskBook(booking: {
    clinicianRef: string;
    reasonRef: string;
    petRef: string;
    clientRef: string;
    startsAt: string;
    minutes: number;
  }): void;
  /** The start of the diary's appointment of this reference, in ms, if there is one. */
  diaryStart(appointmentRef: string): number | undefined;
  /** Time passes on the vendor's clock, so a change made now is inside the next read's window. */
  tick(): void;
  /** The system stops answering (503 to everything), or answers again. */
  setDown(down: boolean): void;
  /** The starts (ms) of the diary's appointments after `after` (ms), not cancelled, in order. */
  diaryStarts(after: number): number[];
  /** Requests the stand-in found outside the vendor's documented shapes. */
  violations(): readonly string[];
  close(): Promise<void>;
}

const practiceRef = 'PRAC-0001';

export async function ezyvetSite(): Promise<VendorSite> {
  const clock = createManualClock(Date.now());
  const standIn = await startEzyvetStandIn({ clock });
  const seed = await seedDemoPractice(standIn, { practiceRef, from: practiceDate(new Date()), days: 14 });
  // A read window ends the second before ezyVet's clock: the seed's second must have passed.
  clock.advance(1_000);
  return {
    practiceRef,
    connection: createEzyvetConnection(
      {
        baseUrl: standIn.url,
        credentials: {
          partnerId: standInCredentials.partner_id,
          clientId: standInCredentials.client_id,
          clientSecret: standInCredentials.client_secret,
          scope: 'read-appointment write-appointment',
        },
        practiceRef,
      },
      { clock },
    ),
    counts: {
      clients: seed.contacts.size,
      pets: seed.animals.size,
      appointments: seed.appointments.size,
      vaccinations: seed.vaccinations.size,
    },
    deskBook: (b) =>
      void standIn.deskBook({
        resourceId: Number(b.clinicianRef),
        typeId: Number(b.reasonRef),
        animalId: Number(b.petRef),
        startsAt: b.startsAt,
        minutes: b.minutes,
      }),
    diaryStart: (ref) => {
      const found = standIn.db.find('appointment', Number(ref));
      return found ? found.start_at * 1000 : undefined;
    },
    tick: () => clock.advance(1_000),
    setDown: (down) => standIn.setDown(down ? 'error' : false),
    diaryStarts: (after) =>
      standIn.db.tables.appointment
        .filter(
          (a) => a.active && a.status_id !== standIn.db.statusId('Cancelled') && a.start_at * 1000 > after,
        )
        .map((a) => a.start_at * 1000)
        .sort((a, b) => a - b),
    violations: () => standIn.violations,
    close: () => standIn.close(),
  };
}

export async function provetCloudSite(): Promise<VendorSite> {
  const clock = new FakeClock(Date.now() - 3_600_000);
  const standIn = await startProvetStandIn({ now: clock.now });
  const ids = seedDemoGroup(standIn.store, practiceDate(new Date()), 14);
  clock.advance(3_600_000);
  const departmentId = ids.departments.get(practiceRef)!;
  const departmentAppointments = standIn.store
    .list('appointment')
    .filter((a) => a.department === standIn.store.url('department', departmentId) && a.client !== null);
  return {
    practiceRef,
    connection: createProvetCloudConnection(
      {
        origin: standIn.origin,
        provetId: standIn.provetId,
        clientId: standIn.clientId,
        clientSecret: standIn.clientSecret,
        departmentId: String(departmentId),
        practiceRef,
        nurseGroupIds: ['2'],
        speciesCodes: standInSpeciesCodes,
      },
      { clock },
    ),
    // One department's connector reads the installation's clients and patients (decision 0108).
    counts: {
      clients: ids.clients.size,
      pets: ids.patients.size,
      appointments: departmentAppointments.length,
      vaccinations: ids.vaccinations.size,
    },
    deskBook: (b) =>
      void standIn.control.deskBook({
        userId: Number(b.clinicianRef),
        departmentId,
        clientId: Number(b.clientRef),
        patientId: Number(b.petRef),
        reasonId: Number(b.reasonRef),
        start: b.startsAt,
        end: new Date(Date.parse(b.startsAt) + b.minutes * 60_000).toISOString(),
      }),
    diaryStart: (ref) => {
      const found = standIn.store.get('appointment', Number(ref));
      return found ? Date.parse(String(found.start)) : undefined;
    },
    tick: () => clock.advance(1_000),
    setDown: (down) => {
      standIn.control.down = down ? 'error' : null;
    },
    diaryStarts: (after) =>
      standIn.store
        .list('appointment')
        .filter(
          (a) =>
            a.department === standIn.store.url('department', departmentId) &&
            a.client !== null &&
            a.active !== 0 &&
            !a.consultation,
        )
        .map((a) => Date.parse(String(a.start)))
        .filter((start) => start > after)
        .sort((a, b) => a - b),
    violations: () => standIn.control.violations,
    close: () => standIn.close(),
  };
}
