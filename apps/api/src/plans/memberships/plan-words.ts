import { formatPounds } from '@vet/contracts/money';
import { minCoolingOffDays, type ExitCost } from '@vet/contracts/plan-rules';
import { calendarDay, monthNames } from '@vet/contracts/practice-clock';

/** "1 December 2027": a day as the owner reads it. */
export function dayWords(day: string): string {
  const { year, month, day: date } = calendarDay(day);
  return `${date} ${monthNames[month - 1]} ${year}`;
}

/** What leaving costs, in the words shown before the last press (issue 65). */
export function exitCostText(
  cost: ExitCost,
  facts: { petName: string; petStatus: string; coolingOffDays: number },
): string {
  switch (cost.why) {
    case 'cooling_off':
      return `You are within the ${Math.max(facts.coolingOffDays, minCoolingOffDays)}-day cooling-off period: nothing to pay.`;
    case 'pet_gone':
      return facts.petStatus === 'Rehomed'
        ? `As ${facts.petName} has a new home, nothing to pay.`
        : `As ${facts.petName} has died, nothing to pay.`;
    case 'term_complete':
      return 'The plan’s minimum term is complete: nothing to pay.';
    case 'early_exit':
      return `Leaving before ${dayWords(cost.minimumTermEnds)} costs ${formatPounds(cost.feePence)}, the plan’s early-exit fee.`;
  }
}
