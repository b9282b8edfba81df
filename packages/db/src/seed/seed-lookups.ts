import { inArray } from 'drizzle-orm';
import { postcodeKey } from '../normalise.ts';
import {
  addresses,
  appointmentReasonSpecies,
  appointmentReasons,
  breedColours,
  breeds,
  cancellationReasons,
  colours,
  insurers,
  salutations,
  species,
} from '../schema/lookups.ts';
import { ADDRESSES } from './data/addresses.ts';
import { APPOINTMENT_REASONS, CANCELLATION_REASONS, INSURERS, SALUTATIONS } from './data/lookups.ts';
import { SPECIES } from './data/species.ts';
import { idOf, type SeedTransaction } from './seed-transaction.ts';

/** The portal's own lists: what the practice import matches names against (practice-systems.md). */
export interface PortalLookupIds {
  salutations: ReadonlyMap<string, number>;
  species: ReadonlyMap<string, number>;
  /** Keyed `species/breed`. */
  breeds: ReadonlyMap<string, number>;
  /** Keyed `species/colour`. */
  colours: ReadonlyMap<string, number>;
  insurers: ReadonlyMap<string, number>;
  cancellationReasons: ReadonlyMap<string, number>;
}

export interface LookupIds extends PortalLookupIds {
  reasons: ReadonlyMap<string, number>;
}

const byName = (rows: readonly { id: number; name: string }[]) => new Map(rows.map((r) => [r.name, r.id]));

/**
 * The group-wide lists with the demo's appointment reasons. Their names are unique in the schema, and a
 * database may already hold some of them (an import, or a test's own rows), so existing rows are kept
 * and reused rather than duplicated.
 */
export async function seedLookups(tx: SeedTransaction): Promise<LookupIds> {
  const lookups = await seedPortalLookups(tx);
  return { ...lookups, reasons: await seedAppointmentReasons(tx, lookups.species) };
}

/**
 * The portal's own lists only (salutations, insurers, cancellation reasons, species with their breeds
 * and colours): appointment reasons are the practice system's and come in through the import. Existing
 * rows are kept and reused, as seedLookups does.
 */
export async function seedPortalLookups(tx: SeedTransaction): Promise<PortalLookupIds> {
  await tx
    .insert(salutations)
    .values(SALUTATIONS.map((description, i) => ({ description, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await tx
    .insert(insurers)
    .values(INSURERS.map((name) => ({ name })))
    .onConflictDoNothing();
  await tx
    .insert(cancellationReasons)
    .values(CANCELLATION_REASONS.map((description, i) => ({ description, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await tx
    .insert(species)
    .values(SPECIES.map(({ name, code }, i) => ({ name, code, sortOrder: i + 1 })))
    .onConflictDoNothing();

  const speciesIds = byName(
    await tx
      .select({ id: species.id, name: species.name })
      .from(species)
      .where(
        inArray(
          species.name,
          SPECIES.map((s) => s.name),
        ),
      ),
  );
  const { breedIds, colourIds } = await seedBreedsAndColours(tx, speciesIds);

  return {
    salutations: byName(
      await tx
        .select({ id: salutations.id, name: salutations.description })
        .from(salutations)
        .where(inArray(salutations.description, [...SALUTATIONS])),
    ),
    species: speciesIds,
    breeds: breedIds,
    colours: colourIds,
    insurers: byName(
      await tx
        .select({ id: insurers.id, name: insurers.name })
        .from(insurers)
        .where(inArray(insurers.name, [...INSURERS])),
    ),
    cancellationReasons: byName(
      await tx
        .select({ id: cancellationReasons.id, name: cancellationReasons.description })
        .from(cancellationReasons)
        .where(inArray(cancellationReasons.description, [...CANCELLATION_REASONS])),
    ),
  };
}

async function seedBreedsAndColours(tx: SeedTransaction, speciesIds: ReadonlyMap<string, number>) {
  const speciesNames = new Map([...speciesIds].map(([name, id]) => [id, name]));
  const withSpecies = SPECIES.map((s) => ({ ...s, id: idOf(speciesIds, s.name, 'species') }));
  await tx
    .insert(colours)
    .values(withSpecies.flatMap((s) => s.colours.map((name) => ({ speciesId: s.id, name }))))
    .onConflictDoNothing();
  await tx
    .insert(breeds)
    .values(withSpecies.flatMap((s) => s.breeds.map(([name]) => ({ speciesId: s.id, name }))))
    .onConflictDoNothing();

  const keyed = (rows: { id: number; speciesId: number; name: string }[]) =>
    new Map(rows.map((r) => [`${speciesNames.get(r.speciesId)}/${r.name}`, r.id]));
  const ids = [...speciesIds.values()];
  const colourIds = keyed(
    await tx
      .select({ id: colours.id, speciesId: colours.speciesId, name: colours.name })
      .from(colours)
      .where(inArray(colours.speciesId, ids)),
  );
  const breedIds = keyed(
    await tx
      .select({ id: breeds.id, speciesId: breeds.speciesId, name: breeds.name })
      .from(breeds)
      .where(inArray(breeds.speciesId, ids)),
  );

  const links = SPECIES.flatMap((s) =>
    s.breeds.flatMap(([breed, breedColourNames]) =>
      breedColourNames.map((colour) => ({
        breedId: idOf(breedIds, `${s.name}/${breed}`, 'breed'),
        colourId: idOf(colourIds, `${s.name}/${colour}`, 'colour'),
      })),
    ),
  );
  await tx.insert(breedColours).values(links).onConflictDoNothing();
  return { breedIds, colourIds };
}

async function seedAppointmentReasons(tx: SeedTransaction, speciesIds: ReadonlyMap<string, number>) {
  await tx
    .insert(appointmentReasons)
    .values(
      APPOINTMENT_REASONS.map((r, i) => ({
        name: r.name,
        durationMinutes: r.durationMinutes,
        clinicianType: r.clinicianType,
        isInitialConsultation: r.isInitialConsultation ?? false,
        isOnline: true,
        sortOrder: i + 1,
      })),
    )
    .onConflictDoNothing();
  const reasonIds = byName(
    await tx
      .select({ id: appointmentReasons.id, name: appointmentReasons.name })
      .from(appointmentReasons)
      .where(
        inArray(
          appointmentReasons.name,
          APPOINTMENT_REASONS.map((r) => r.name),
        ),
      ),
  );
  const limits = APPOINTMENT_REASONS.flatMap((r) =>
    (r.species ?? []).map((name) => ({
      reasonId: idOf(reasonIds, r.name, 'appointment reason'),
      speciesId: idOf(speciesIds, name, 'species'),
    })),
  );
  if (limits.length > 0) await tx.insert(appointmentReasonSpecies).values(limits).onConflictDoNothing();
  return reasonIds;
}

/** The embedded address lookup's rows; written once, with the rest of the demo data. */
export async function seedAddresses(tx: SeedTransaction): Promise<void> {
  await tx.insert(addresses).values(ADDRESSES.map((a) => ({ ...a, postcodeKey: postcodeKey(a.postcode) })));
}
