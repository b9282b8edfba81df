import { redriveParked } from '../parked-deliveries.ts';
import { eventsCommand } from './command.ts';
import { readDeliveryFilter } from './delivery-filter.ts';

/** `npm run events -- redrive`: parked deliveries sent again, their records' later events after them. */
export const redriveCommand = eventsCommand({
  name: 'redrive',
  usage: '[--endpoint <name>] [--event evt_N]',
  summary: 'send parked deliveries again now, with a new retry window (all, or those matching)',
  options: { endpoint: { type: 'string' }, event: { type: 'string' } },
  async run({ values }, { db, out }) {
    const read = await readDeliveryFilter(db, values);
    if ('refused' in read) {
      out(read.refused);
      return 1;
    }
    const count = await redriveParked(db, read.filter);
    out(
      count === 0
        ? 'No parked deliveries matched: nothing to re-drive.'
        : `Re-drove ${count} parked ${count === 1 ? 'delivery' : 'deliveries'}: the API's dispatchers send ${count === 1 ? 'it' : 'them'} now.`,
    );
    return 0;
  },
});
