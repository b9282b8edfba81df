import { addMonths } from '@vet/contracts/practice-clock';
import type { MedicineAvailability } from '@vet/contracts/prescription-requests';
import {
  prescriptionMessages,
  prescriptionOnlyCategories,
  type MedicineCategory,
} from '@vet/contracts/prescription-rules';

/** What the rules read of a medicine. */
export interface RepeatableMedicine {
  medicine: string;
  category: MedicineCategory;
  repeatable: boolean;
  repeatsLeft: number | null;
  reviewDue: string | null;
}

/** What they read of the pet and its practice, on the practice's `today` (YYYY-MM-DD, UK). */
export interface RepeatContext {
  today: string;
  /** The day a vet of the practice last saw the pet (a Completed appointment with a Vet); null: never. */
  lastSeenByVetOn: string | null;
  /** The practice's review period (practices.csv prescription_review_months). */
  reviewMonths: number;
}

export interface Availability {
  availability: MedicineAvailability;
  refusal: string | null;
}

/**
 * Decision 0111: the rules a UK practice applies to a repeat, in the order a client can act on them. A
 * medicine marked not repeatable, or with no repeats left, is refused. A prescription-only medicine
 * (POM-V, POM-VPS) needs the pet under the vet's care (RCVS Code, "Under care"): its review date when the
 * practice system sends one, else a vet of the practice having seen the pet within the review period.
 * A review date on the day itself still allows the repeat; the day after, a review is needed.
 */
export function availabilityOf(medicine: RepeatableMedicine, context: RepeatContext): Availability {
  if (!medicine.repeatable)
    return { availability: 'notRepeatable', refusal: prescriptionMessages.notRepeatable(medicine.medicine) };
  if (medicine.repeatsLeft === 0)
    return { availability: 'noRepeatsLeft', refusal: prescriptionMessages.noRepeatsLeft(medicine.medicine) };
  if (prescriptionOnlyCategories.includes(medicine.category) && reviewNeeded(medicine, context))
    return { availability: 'reviewNeeded', refusal: prescriptionMessages.reviewDue(medicine.medicine) };
  return { availability: 'available', refusal: null };
}

function reviewNeeded(medicine: RepeatableMedicine, context: RepeatContext): boolean {
  if (medicine.reviewDue !== null) return medicine.reviewDue < context.today;
  if (context.lastSeenByVetOn === null) return true;
  return context.lastSeenByVetOn < addMonths(context.today, -context.reviewMonths);
}
