/**
 * The benchmark group's size at BENCH_SCALE (1 = a full group, as docs/benchmarks.md sets it: 500 practices,
 * 10,000 clinicians, 1,000,000 clients, 1,500,000 pets, 10,000,000 appointments, 3,000,000 vaccinations, a
 * few hundred closures). Every practice looks the same at any scale; only the number of practices changes.
 */
export interface BenchShape {
  practices: number;
  cliniciansPerPractice: number;
  /** The first this many clinicians of a practice are vets, the rest nurses. */
  vetsPerPractice: number;
  /** A multiple of cliniciansPerPractice: each client is seen by one clinician (bench-schedule.ts). */
  clientsPerPractice: number;
  appointmentsPerClinician: number;
  /** Booked, in the weeks after the anchor week; the rest is history before it. */
  futurePerClinician: number;
  vaccinationsPerPet: number;
  closures: number;
}

export function benchShape(scale: number): BenchShape {
  if (!(scale > 0 && scale <= 1)) throw new Error(`BENCH_SCALE must be in (0, 1], not ${scale}`);
  return {
    practices: Math.max(1, Math.round(500 * scale)),
    cliniciansPerPractice: 20,
    vetsPerPractice: 14,
    clientsPerPractice: 2_000,
    appointmentsPerClinician: 1_000,
    futurePerClinician: 60,
    vaccinationsPerPet: 2,
    closures: Math.max(3, Math.round(300 * scale)),
  };
}

/** How many records of each kind the shape holds (every other client has a second pet). */
export function benchCounts(shape: BenchShape) {
  const clinicians = shape.practices * shape.cliniciansPerPractice;
  const clients = shape.practices * shape.clientsPerPractice;
  const pets = clients + Math.floor(clients / 2);
  return {
    practices: shape.practices,
    clinicians,
    clients,
    pets,
    appointments: clinicians * shape.appointmentsPerClinician,
    vaccinations: pets * shape.vaccinationsPerPet,
    closures: shape.closures,
  };
}

const numbered = (prefix: string, digits: number) => (n: number) =>
  `${prefix}-${String(n).padStart(digits, '0')}`;

/** The benchmark's references: the demo's style with room for a million records. */
export const benchRef = {
  practice: numbered('PRAC', 4),
  clinician: numbered('CLIN', 5),
  closure: numbered('CLOS', 5),
  client: numbered('CLI', 7),
  pet: numbered('PET', 7),
  appointment: numbered('APT', 8),
  vaccination: numbered('VAC', 7),
};
