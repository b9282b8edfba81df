import type { KindFile } from '../kinds/kind.ts';
import {
  billLinesChecks,
  estimateFiles,
  invoiceEstimateOfItsClient,
  invoiceFiles,
  recordHasLines,
} from './bill-checks.ts';
import { literal, refuseIncompleteGroups, refuseRepeatedKeys, type CheckContext } from './cross-row-rules.ts';
import { stagingTable } from './import-files.ts';
import { benefitsOfAPlan, oneLiveMembership, usesOfAMembership } from './plan-checks.ts';
import { prescriptionFeeWithinCap } from './prescription-fee-cap.ts';
import { bandOfTheReasonsSpecies } from './price-bands.ts';
import { quotedPricesStay } from './quoted-prices.ts';
import { refuseRows } from './refusals.ts';

type Check = (context: CheckContext) => Promise<void>;

/**
 * A row naming a record and its owner (a clinician and its practice, a pet and its client) must name the
 * record's own owner: the one the batch gives it (the record's row in its own file) or, for a record the
 * batch does not hold, the stored one (looked up only then). Both follow the import's naming: pets.csv
 * and the pets table, pet_ref, a pet's client_id.
 */
const ownerOfTheRecord =
  (file: KindFile, ...[record, owner]: ['clinician', 'practice'] | ['pet', 'client']): Check =>
  ({ session }) => {
    const [ref, ownerRef] = [`${record}_ref`, `${owner}_ref`];
    return refuseRows(
      session,
      file,
      `select s.ctid as tid, s.line, ${literal(ref)} as column_name,
              ${literal(`not a ${record} of the ${owner} named in ${ownerRef}`)} as reason
         from ${stagingTable(file)} s
         left join ${stagingTable(`${record}s.csv` as const)} b on b.${ref} = s.${ref} and not b.refused
        where not s.refused and s.${ref} is not null
          and coalesce(b.${ownerRef}, (select o.pms_ref from ${record}s r join ${owner}s o on o.id = r.${owner}_id
                                        where r.pms_ref = s.${ref})) is distinct from s.${ownerRef}`,
    );
  };

/**
 * A stored pet's appointments name it with its client (appointments_pet_client_fk): a pet cannot move to
 * another client while it has any, or they would name a pair that no longer exists.
 */
const petStaysWithItsClient: Check = ({ session }) =>
  refuseRows(
    session,
    'pets.csv',
    `select s.tid, s.line, 'client_ref' as column_name,
            'the stored pet has appointments with another client: it cannot move to this one' as reason
       from (select s.ctid as tid, s.line, p.id as pet_id
               from stage_pets s join pets p on p.pms_ref = s.pet_ref join clients c on c.id = p.client_id
              where not s.refused and c.pms_ref is distinct from s.client_ref
             -- Materialised: the few pets that move, before their appointments are looked for.
             offset 0) s
      where exists (select 1 from appointments a where a.pet_id = s.pet_id)`,
  );

/**
 * Two shifts of one clinician overlap when they share a day of the week, their times overlap and so do
 * their validity periods (an empty valid_from or valid_to is open). The later line is refused.
 */
const shiftsDoNotOverlap: Check = ({ session }) =>
  refuseRows(
    session,
    'rota_shifts.csv',
    `select distinct on (a.line) a.ctid as tid, a.line, null::text as column_name,
            'overlaps the same clinician''s shift in line ' || b.line || ' (same day of the week)' as reason
       from stage_rota_shifts a
       join stage_rota_shifts b
         on b.clinician_ref = a.clinician_ref and b.day_of_week = a.day_of_week and b.line < a.line
        and b.starts < a.ends and a.starts < b.ends
        and daterange(b.valid_from, b.valid_to, '[]') && daterange(a.valid_from, a.valid_to, '[]')
      where not a.refused and not b.refused
      order by a.line, b.line`,
  );

/**
 * Reasons' names are unique in the portal. A stored reason without a reference and of the same name is
 * adopted by the import (apply-reasons.ts); one with another reference keeps its name.
 */
const reasonNamesAreFree: Check = async (context) => {
  await refuseRepeatedKeys(context, 'appointment_reasons.csv', ['name'], 'this name is used before');
  await refuseRows(
    context.session,
    'appointment_reasons.csv',
    `select s.ctid as tid, s.line, 'name' as column_name,
            'another stored appointment reason, with another reference, has this name' as reason
       from stage_appointment_reasons s join appointment_reasons r on r.name = s.name
      where not s.refused and r.pms_ref is distinct from s.reason_ref
        and (r.pms_ref is not null or exists (select 1 from appointment_reasons o where o.pms_ref = s.reason_ref))`,
  );
};

const openingDaysOnce: Check = async (context) => {
  await refuseRepeatedKeys(
    context,
    'opening_hours.csv',
    ['practice_ref', 'day_of_week'],
    "this practice's day of the week is given before",
  );
  await refuseIncompleteGroups(context, 'opening_hours.csv', 'practice_ref', "a practice's opening hours");
};

const wholeRotas: Check = async (context) => {
  await shiftsDoNotOverlap(context);
  await refuseIncompleteGroups(context, 'rota_shifts.csv', 'clinician_ref', "a clinician's rota");
};

/** Two prices of one practice's reason or service from the same day would leave the one in force unsaid. */
const onePricePerDay: Check = async (context) => {
  const what =
    "this practice's price of the same reason or service, for the same animals, from the same day is given";
  await refuseRepeatedKeys(
    context,
    'prices.csv',
    ['practice_ref', 'reason_ref', 'band', 'effective_from'],
    what,
    ['band'],
  );
  await refuseRepeatedKeys(
    context,
    'prices.csv',
    ['practice_ref', 'service', 'band', 'effective_from'],
    what,
    ['band'],
  );
};

/** Each file's own checks across rows, after its keys and references. */
export const kindChecks: Partial<Record<KindFile, readonly Check[]>> = {
  'practices.csv': [prescriptionFeeWithinCap],
  'opening_hours.csv': [openingDaysOnce],
  'rota_shifts.csv': [wholeRotas],
  'closures.csv': [ownerOfTheRecord('closures.csv', 'clinician', 'practice')],
  'appointment_reasons.csv': [reasonNamesAreFree],
  'prices.csv': [onePricePerDay, bandOfTheReasonsSpecies, quotedPricesStay],
  'pets.csv': [petStaysWithItsClient],
  'appointments.csv': [
    ownerOfTheRecord('appointments.csv', 'pet', 'client'),
    ownerOfTheRecord('appointments.csv', 'clinician', 'practice'),
  ],
  'estimates.csv': [
    ownerOfTheRecord('estimates.csv', 'clinician', 'practice'),
    recordHasLines(estimateFiles),
  ],
  'estimate_lines.csv': [billLinesChecks(estimateFiles)],
  'invoices.csv': [
    ownerOfTheRecord('invoices.csv', 'clinician', 'practice'),
    invoiceEstimateOfItsClient,
    recordHasLines(invoiceFiles),
  ],
  'invoice_lines.csv': [billLinesChecks(invoiceFiles)],
  'health_plan_benefits.csv': [benefitsOfAPlan],
  'plan_memberships.csv': [oneLiveMembership],
  'plan_membership_uses.csv': [usesOfAMembership],
};
