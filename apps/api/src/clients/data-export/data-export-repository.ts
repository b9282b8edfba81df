import type { DataExport } from '@vet/contracts/data-export';
import type { Database, Executor } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { clientChanges } from '@vet/db/schema/client-changes';
import { clients, pets } from '@vet/db/schema/clients';
import { clinicians } from '@vet/db/schema/clinicians';
import { dataExportRequests } from '@vet/db/schema/data-exports';
import { webSessions } from '@vet/db/schema/identity';
import {
  appointmentReasons,
  breeds,
  cancellationReasons,
  colours,
  insurers,
  salutations,
  species,
} from '@vet/db/schema/lookups';
import { recordedText } from '@vet/db/schema/practice-list-values';
import { practices } from '@vet/db/schema/practices';
import { vaccinations } from '@vet/db/schema/vaccinations';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type Identity, ownedBy, withHomePractice } from '../../platform/index.ts';
import { billsForExport, createBillsRepository } from '../bills/index.ts';
import { prescriptionRequestsOf } from '../prescriptions/index.ts';
import { clientDetailColumns, contactPreferenceRowsOf } from '../profile/index.ts';
import { withPetPracticeAndReason, notesForClient } from '../appointment-reads/index.ts';
import { conversationsForExport } from './conversation-export.ts';

type ClientPart = NonNullable<DataExport['client']>;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * "Download my data" (decision 0079): records the request and reads everything the portal holds about the
 * identity, in one repeatable-read transaction, so the file is one consistent picture and a request is
 * recorded exactly when data is given. Every query is scoped to the identity or to the client record
 * linked to it: nothing here reaches another person's data.
 */
export function createDataExportRepository(db: Database) {
  return {
    async exportFor(identity: Identity, now: Date = new Date()): Promise<DataExport> {
      return db.transaction(
        async (tx) => {
          const [linked] = await tx
            .select({ id: clients.id })
            .from(clients)
            .where(ownedBy(clients, identity))
            .limit(1);
          await tx.insert(dataExportRequests).values({
            identityIssuer: identity.issuer,
            identitySubject: identity.subject,
            clientId: linked?.id ?? null,
            requestedAt: now,
          });
          const [client, sessions, requests] = [
            linked ? await clientPart(tx, linked.id, now) : null,
            await sessionsOf(tx, identity, now),
            await exportRequestsOf(tx, identity),
          ];
          return {
            format: 'client-portal-data-export',
            version: 1,
            generatedAt: iso(now),
            identity: { issuer: identity.issuer, subject: identity.subject, email: identity.email ?? null },
            client,
            sessions,
            exportRequests: requests,
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read write' },
      );
    },
  };
}

async function clientPart(tx: Executor, clientId: number, now: Date): Promise<ClientPart | null> {
  const [profile] = await withHomePractice(
    tx
      .select({
        clientId: clients.id,
        title: salutations.description,
        ...clientDetailColumns,
        homePractice: practices.name,
        onlineBookingAllowed: clients.onlineBookingAllowed,
        contactPreferencesConfirmedAt: clients.contactPreferencesConfirmedAt,
        linkedAt: clients.linkedAt,
        createdAt: clients.createdAt,
        updatedAt: clients.updatedAt,
      })
      .from(clients)
      .leftJoin(salutations, eq(salutations.id, clients.salutationId))
      .$dynamic(),
  ).where(eq(clients.id, clientId));
  if (!profile) return null;

  const petRows = await tx
    .select({
      petId: pets.id,
      name: pets.name,
      // The practice system's words where the lists have no entry for them yet (decision 0131).
      species: sql<string>`coalesce(${recordedText(pets.speciesValueId)}, ${species.name})`,
      breed: sql<
        string | null
      >`coalesce(${breeds.name} || case when ${pets.breedCross} then ' cross' else '' end, ${recordedText(pets.breedValueId)})`,
      colour: sql<string | null>`coalesce(${colours.name}, ${recordedText(pets.colourValueId)})`,
      sex: pets.sex,
      neutered: pets.neutered,
      dateOfBirth: pets.dateOfBirth,
      microchipNumber: pets.microchipNumber,
      insurer: sql<string | null>`coalesce(${insurers.name}, ${recordedText(pets.insurerValueId)})`,
      policyNumber: pets.policyNumber,
      status: pets.status,
      registeredOnline: pets.registeredOnline,
    })
    .from(pets)
    .innerJoin(species, eq(species.id, pets.speciesId))
    .leftJoin(breeds, eq(breeds.id, pets.breedId))
    .leftJoin(colours, eq(colours.id, pets.colourId))
    .leftJoin(insurers, eq(insurers.id, pets.insurerId))
    .where(eq(pets.clientId, clientId))
    .orderBy(asc(pets.id));
  const vaccinationRows =
    petRows.length === 0
      ? []
      : await tx
          .select({
            petId: vaccinations.petId,
            vaccine: vaccinations.vaccine,
            givenOn: vaccinations.givenOn,
            dueOn: vaccinations.dueOn,
          })
          .from(vaccinations)
          .where(
            inArray(
              vaccinations.petId,
              petRows.map((pet) => pet.petId),
            ),
          )
          .orderBy(asc(vaccinations.givenOn), asc(vaccinations.id));

  const appointmentRows = await withPetPracticeAndReason(
    tx
      .select({
        appointmentId: appointments.id,
        petId: appointments.petId,
        petName: pets.name,
        practice: practices.name,
        clinicianFirstName: clinicians.firstName,
        clinicianLastName: clinicians.lastName,
        // The choice as recorded, even once the appointment went to another clinician (decision 0141).
        chosenClinician: sql<string | null>`(select trim(chosen.first_name || ' ' || chosen.last_name)
          from ${clinicians} chosen where chosen.id = ${appointments.chosenClinicianId})`,
        reason: appointmentReasons.name,
        quotedPricePence: appointments.quotedPricePence,
        quotedPriceIncludes: appointments.quotedPriceIncludes,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        bookedBy: appointments.source,
        notes: notesForClient,
        cancellationReason: cancellationReasons.description,
        cancelledAt: appointments.cancelledAt,
        createdAt: appointments.createdAt,
      })
      .from(appointments)
      .innerJoin(clinicians, eq(clinicians.id, appointments.clinicianId))
      .leftJoin(cancellationReasons, eq(cancellationReasons.id, appointments.cancellationReasonId))
      .where(eq(appointments.clientId, clientId))
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .$dynamic(),
  );

  const preferenceRows = await contactPreferenceRowsOf(tx, clientId);

  const changeRows = await tx
    .select({ changedAt: clientChanges.changedAt, kind: clientChanges.kind, changes: clientChanges.changes })
    .from(clientChanges)
    .where(eq(clientChanges.clientId, clientId))
    .orderBy(asc(clientChanges.changedAt), asc(clientChanges.id));

  return {
    profile: {
      clientId: profile.clientId,
      title: profile.title,
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      mobilePhone: profile.mobilePhone,
      homePhone: profile.homePhone,
      address: {
        line1: profile.addressLine1,
        line2: profile.addressLine2,
        town: profile.town,
        county: profile.county,
        postcode: profile.postcode,
      },
      homePractice: profile.homePractice,
      onlineBookingAllowed: profile.onlineBookingAllowed,
      linkedAt: isoOrNull(profile.linkedAt),
      createdAt: iso(profile.createdAt),
      updatedAt: iso(profile.updatedAt),
    },
    pets: petRows.map((pet) => ({
      ...pet,
      vaccinations: vaccinationRows
        .filter((row) => row.petId === pet.petId)
        .map(({ vaccine, givenOn, dueOn }) => ({ vaccine, givenOn, dueOn })),
    })),
    appointments: appointmentRows.map(
      ({ clinicianFirstName, clinicianLastName, quotedPricePence, quotedPriceIncludes, ...row }) => ({
        ...row,
        clinician: `${clinicianFirstName} ${clinicianLastName}`,
        quotedPrice:
          quotedPricePence === null ? null : { amountPence: quotedPricePence, includes: quotedPriceIncludes },
        startsAt: iso(row.startsAt),
        endsAt: iso(row.endsAt),
        cancelledAt: isoOrNull(row.cancelledAt),
        createdAt: iso(row.createdAt),
      }),
    ),
    contactPreferences: {
      current: preferenceRows,
      confirmedAt: isoOrNull(profile.contactPreferencesConfirmedAt),
    },
    changeHistory: changeRows.map(({ changedAt, kind, changes }) => ({
      changedAt: iso(changedAt),
      kind,
      ...('preferences' in changes ? { preferences: changes.preferences } : { fields: changes.fields }),
    })),
    // Repeat prescription requests and the practice's answers (decision 0111), read in this snapshot.
    prescriptionRequests: await prescriptionRequestsOf(tx, clientId),
    // The practice's estimates and bills, with the answers given (decision 0153), in this snapshot.
    ...(await billsForExport({ repository: createBillsRepository() }, tx, clientId, now)),
    planMemberships: await planMembershipsOf(tx, clientId),
    // Conversations with the practice and the files sent on them (issue 66), in this snapshot.
    ...(await conversationsForExport(tx, clientId)),
  };
}

/** The identity's live portal sessions: when, and on what device; never a token or a hash. */
async function sessionsOf(tx: Executor, identity: Identity, now: Date): Promise<DataExport['sessions']> {
  const rows = await tx
    .select({
      device: webSessions.device,
      signedInAt: webSessions.authenticatedAt,
      startedAt: webSessions.createdAt,
      lastActiveAt: webSessions.lastSeenAt,
      expiresAt: webSessions.expiresAt,
    })
    .from(webSessions)
    .where(and(ownedBy(webSessions, identity), gt(webSessions.expiresAt, now)))
    .orderBy(asc(webSessions.createdAt));
  return rows.map((row) => ({
    device: row.device,
    signedInAt: iso(row.signedInAt),
    startedAt: iso(row.startedAt),
    lastActiveAt: iso(row.lastActiveAt),
    expiresAt: iso(row.expiresAt),
  }));
}

async function exportRequestsOf(tx: Executor, identity: Identity): Promise<DataExport['exportRequests']> {
  const rows = await tx
    .select({ requestedAt: dataExportRequests.requestedAt })
    .from(dataExportRequests)
    .where(ownedBy(dataExportRequests, identity))
    .orderBy(asc(dataExportRequests.requestedAt), asc(dataExportRequests.id));
  return rows.map((row) => ({ requestedAt: iso(row.requestedAt) }));
}

/** The client's plan memberships (issue 65), newest first, with the uses counted this plan year. */
async function planMembershipsOf(tx: Executor, clientId: number): Promise<ClientPart['planMemberships']> {
  const found = await tx.execute<{
    id: number;
    pet_id: number;
    plan: string;
    status: ClientPart['planMemberships'][number]['status'];
    billing: ClientPart['planMemberships'][number]['billing'];
    price_pence: number;
    started_on: string;
    renews_on: string;
    ended_at: Date | string | null;
    ended_by: ClientPart['planMemberships'][number]['endedBy'];
    end_reason: ClientPart['planMemberships'][number]['endReason'];
    exit_fee_pence: number | null;
    dd_mandate_id: string | null;
    uses: { benefit: string; used: number }[];
  }>(sql`select m.id, m.pet_id, h.name as plan, m.status, m.billing, m.price_pence, m.started_on::text,
                m.renews_on::text, m.ended_at, m.ended_by, m.end_reason, m.exit_fee_pence, m.dd_mandate_id,
                coalesce((select jsonb_agg(jsonb_build_object('benefit', b.name, 'used', u.used) order by b.position)
                            from plan_membership_uses u join health_plan_benefits b on b.id = u.benefit_id
                           where u.membership_id = m.id), '[]') as uses
           from plan_memberships m join health_plans h on h.id = m.plan_id
          where m.client_id = ${clientId} order by m.started_on desc, m.id desc`);
  return found.rows.map((row) => ({
    id: row.id,
    petId: row.pet_id,
    plan: row.plan,
    status: row.status,
    billing: row.billing,
    pricePence: row.price_pence,
    startedOn: row.started_on,
    renewsOn: row.renews_on,
    endedAt: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
    endedBy: row.ended_by,
    endReason: row.end_reason,
    exitFeePence: row.exit_fee_pence,
    directDebitMandateId: row.dd_mandate_id,
    uses: row.uses,
  }));
}
