import type { PetStatus } from '@vet/contracts/pet-rules';
import { featureKeys } from '@vet/contracts/practices';
import type { Database } from '@vet/db/connection';
import { pets } from '@vet/db/schema/clients';
import { clinicianRotaBreaks, clinicianRotaShifts, clinicians } from '@vet/db/schema/clinicians';
import { appointmentReasonSpecies, appointmentReasons, species } from '@vet/db/schema/lookups';
import { practiceFeatureSettings, practices } from '@vet/db/schema/practices';
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { practiceAddressLine } from './appointment-records.ts';
import { createClinicianChoice } from './clinician-choice.ts';
import { activeOfType, listBusyTime, type BusyQuery, type ClinicianType } from './busy-time.ts';
import type { ClinicianRota, RotaShift } from './slot-engine/types.ts';

/** What a search or a booking needs to know, read in one statement (null parts: not found). */
export interface BookingContext {
  practice: {
    practiceId: number;
    name: string;
    phone: string;
    address: string;
    isOnline: boolean;
    gridMinutes: number;
    minNoticeMinutes: number;
    horizonDays: number;
    cutoffMinutes: number;
    onlineBookingValue: string | null;
    /** Who owns the practice, for its e-mails' closing lines (decision 0143); null: not given. */
    ownerName: string | null;
  };
  reason: {
    appointmentReasonId: number;
    name: string;
    durationMinutes: number;
    clinicianType: ClinicianType;
    isInitialConsultation: boolean;
    speciesIds: number[];
  } | null;
  pet: {
    petId: number;
    name: string;
    speciesId: number;
    /** Its species' code: which of the price list's bands are its (issue 62). */
    speciesCode: string | null;
    status: PetStatus;
    awaitingInitialConsultation: boolean;
  } | null;
}

const time = (value: string) => value.slice(0, 5);
type MutableShift = RotaShift & { breaks: RotaShift['breaks'][number][] };

export type { BusyQuery };

/**
 * The slot search's SQL: three statements whatever the number of clinicians (context, rotas, busy
 * time), each served by an index (see the EXPLAIN test).
 */
export function createBookingRepository(db: Database) {
  // Every search and booking reads these two: prepared statements, built and planned once.
  const contextQuery = db
    .select({
      practiceId: practices.id,
      practiceName: practices.name,
      phone: practices.phone,
      address: practiceAddressLine,
      isOnline: practices.isOnline,
      gridMinutes: practices.slotGridMinutes,
      minNoticeMinutes: practices.minNoticeMinutes,
      horizonDays: practices.horizonDays,
      cutoffMinutes: practices.cancellationCutoffMinutes,
      ownerName: practices.ownerName,
      onlineBookingValue: sql<
        string | null
      >`(select ${practiceFeatureSettings.value} from ${practiceFeatureSettings}
        where ${practiceFeatureSettings.practiceId} = ${practices.id}
          and ${practiceFeatureSettings.featureKey} = ${featureKeys.onlineBooking})`,
      reasonId: appointmentReasons.id,
      reasonName: appointmentReasons.name,
      durationMinutes: appointmentReasons.durationMinutes,
      clinicianType: appointmentReasons.clinicianType,
      isInitialConsultation: appointmentReasons.isInitialConsultation,
      speciesIds: sql<number[]>`coalesce((select array_agg(${appointmentReasonSpecies.speciesId})
        from ${appointmentReasonSpecies} where ${appointmentReasonSpecies.reasonId} = ${appointmentReasons.id}), '{}')`,
      petId: pets.id,
      petName: pets.name,
      speciesId: pets.speciesId,
      speciesCode: sql<
        string | null
      >`(select ${species.code} from ${species} where ${species.id} = ${pets.speciesId})`,
      petStatus: pets.status,
      awaitingInitialConsultation: pets.awaitingInitialConsultation,
    })
    .from(practices)
    .leftJoin(
      appointmentReasons,
      and(
        eq(appointmentReasons.id, sql.placeholder('appointmentReasonId')),
        eq(appointmentReasons.isOnline, true),
      ),
    )
    .leftJoin(
      pets,
      // Another client's pet is not found, like a missing one.
      and(eq(pets.id, sql.placeholder('petId')), eq(pets.clientId, sql.placeholder('clientId'))),
    )
    .where(eq(practices.id, sql.placeholder('practiceId')))
    .limit(1)
    .prepare('booking_context');

  const rotasQuery = db
    .select({
      clinicianId: clinicians.id,
      shiftId: clinicianRotaShifts.id,
      dayOfWeek: clinicianRotaShifts.dayOfWeek,
      startsAt: clinicianRotaShifts.startsAt,
      endsAt: clinicianRotaShifts.endsAt,
      validFrom: clinicianRotaShifts.validFrom,
      validTo: clinicianRotaShifts.validTo,
      breakStartsAt: clinicianRotaBreaks.startsAt,
      breakEndsAt: clinicianRotaBreaks.endsAt,
    })
    .from(clinicians)
    .innerJoin(clinicianRotaShifts, eq(clinicianRotaShifts.clinicianId, clinicians.id))
    .leftJoin(clinicianRotaBreaks, eq(clinicianRotaBreaks.shiftId, clinicianRotaShifts.id))
    .where(
      and(
        activeOfType(sql.placeholder('practiceId'), sql.placeholder('type')),
        or(
          isNull(clinicianRotaShifts.validFrom),
          lte(clinicianRotaShifts.validFrom, sql.placeholder('toDate')),
        ),
        or(
          isNull(clinicianRotaShifts.validTo),
          gte(clinicianRotaShifts.validTo, sql.placeholder('fromDate')),
        ),
      ),
    )
    .prepare('clinician_rotas');

  return {
    /** The practice (with its online-booking setting), the online reason and the client's pet. */
    async findContext(input: {
      practiceId: number;
      appointmentReasonId: number;
      clientId: number | null;
      petId?: number;
    }): Promise<BookingContext | null> {
      const [row] = await contextQuery.execute({
        practiceId: input.practiceId,
        appointmentReasonId: input.appointmentReasonId,
        petId: input.petId ?? 0,
        clientId: input.clientId ?? 0,
      });
      if (!row) return null;
      return {
        practice: {
          practiceId: row.practiceId,
          name: row.practiceName,
          phone: row.phone,
          address: row.address,
          isOnline: row.isOnline,
          gridMinutes: row.gridMinutes,
          minNoticeMinutes: row.minNoticeMinutes,
          horizonDays: row.horizonDays,
          cutoffMinutes: row.cutoffMinutes,
          onlineBookingValue: row.onlineBookingValue,
          ownerName: row.ownerName,
        },
        reason:
          row.reasonId === null ||
          row.reasonName === null ||
          row.durationMinutes === null ||
          row.clinicianType === null
            ? null
            : {
                appointmentReasonId: row.reasonId,
                name: row.reasonName,
                durationMinutes: row.durationMinutes,
                clinicianType: row.clinicianType,
                isInitialConsultation: row.isInitialConsultation ?? false,
                speciesIds: row.speciesIds.map(Number),
              },
        pet:
          row.petId === null || row.petName === null || row.speciesId === null || row.petStatus === null
            ? null
            : {
                petId: row.petId,
                name: row.petName,
                speciesId: row.speciesId,
                speciesCode: row.speciesCode,
                status: row.petStatus,
                awaitingInitialConsultation: row.awaitingInitialConsultation ?? false,
              },
      };
    },

    /** The active clinicians of a type with their shifts valid on some of the dates, and the breaks. */
    async listRotas(
      practiceId: number,
      type: ClinicianType,
      fromDate: string,
      toDate: string,
    ): Promise<ClinicianRota[]> {
      const rows = await rotasQuery.execute({ practiceId, type, fromDate, toDate });
      const rotas = new Map<number, Map<number, MutableShift>>();
      for (const row of rows) {
        let shifts = rotas.get(row.clinicianId);
        if (!shifts) rotas.set(row.clinicianId, (shifts = new Map<number, MutableShift>()));
        let shift = shifts.get(row.shiftId);
        if (!shift) {
          shift = {
            dayOfWeek: row.dayOfWeek,
            startsAt: time(row.startsAt),
            endsAt: time(row.endsAt),
            validFrom: row.validFrom,
            validTo: row.validTo,
            breaks: [],
          };
          shifts.set(row.shiftId, shift);
        }
        if (row.breakStartsAt !== null && row.breakEndsAt !== null) {
          shift.breaks.push({ startsAt: time(row.breakStartsAt), endsAt: time(row.breakEndsAt) });
        }
      }
      return [...rotas.entries()]
        .sort(([a], [b]) => a - b)
        .map(([clinicianId, shifts]) => ({ clinicianId, shifts: [...shifts.values()] }));
    },

    listBusy: (query: BusyQuery) => listBusyTime(db, query),

    /** A client's choice of clinician (decision 0101). */
    ...createClinicianChoice(db),
  };
}

export type BookingRepository = ReturnType<typeof createBookingRepository>;
