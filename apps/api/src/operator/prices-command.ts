import { practiceDate } from '@vet/contracts/practice-clock';
import { connectDatabase } from '@vet/db/connection';
import { createPracticePricesRepository } from '../reference/index.ts';
import { operatorCommand } from './operator-command.ts';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * `portal-admin prices gaps`: the operator's report of the price lists' gaps (issue 62, decision 0146):
 * for each online practice, the online appointment reasons with no price in force today, which its price
 * list and booking page show as "Price not yet published". One line per practice (its reference and
 * name, then the reasons), and a count; names of practices and reasons only, no personal data.
 */
export const pricesGapsCommand = operatorCommand({
  name: 'prices gaps',
  usage: '',
  summary: 'lists, per online practice, the online appointment reasons with no price in force today',
  async run(_arguments, context) {
    const target = await context.target();
    if (!target) return 2;
    const handle = connectDatabase(target.databaseUrl, { max: 1 });
    try {
      const now = new Date();
      const gaps = await createPracticePricesRepository(handle.db).findPriceGaps(now);
      const today = practiceDate(now);
      if (gaps.length === 0) {
        context.out(`Every online practice has a price in force on ${today} for every online reason.`);
        return 0;
      }
      context.out(
        `Online appointment reasons with no price in force on ${today} ("Price not yet published"):`,
      );
      for (const gap of gaps)
        context.out(`${gap.practiceRef ?? '(no reference)'}  ${gap.name}: ${gap.reasons.join('; ')}`);
      const reasons = gaps.reduce((sum, gap) => sum + gap.reasons.length, 0);
      context.out(`${count(reasons, 'reason')} without a price at ${count(gaps.length, 'practice')}.`);
      return 0;
    } finally {
      await handle.close();
    }
  },
});
