import { practiceEventId } from '@vet/contracts/practice-events';
import { listParked } from '../parked-deliveries.ts';
import { eventsCommand } from './command.ts';
import { readDeliveryFilter } from './delivery-filter.ts';
import { formatTable } from './table.ts';

/** `npm run events -- failed`: the deliveries parked after their retry window, for the operator to chase. */
export const failedCommand = eventsCommand({
  name: 'failed',
  usage: '[--endpoint <name>]',
  summary: 'list the deliveries parked after their retry window (re-drive them with redrive)',
  options: { endpoint: { type: 'string' } },
  async run({ values }, { db, out }) {
    const read = await readDeliveryFilter(db, values);
    if ('refused' in read) {
      out(read.refused);
      return 1;
    }
    const parked = await listParked(db, read.filter);
    if (parked.length === 0) {
      out('No parked deliveries.');
      return 0;
    }
    const rows = parked.map((delivery) => [
      delivery.endpoint,
      practiceEventId(delivery.eventId),
      delivery.type,
      delivery.recordKey,
      String(delivery.attempts),
      delivery.lastError ?? '',
      delivery.since?.toISOString() ?? '',
    ]);
    formatTable(
      ['endpoint', 'event', 'type', 'record', 'attempts', 'last error', 'failing since'],
      rows,
    ).forEach((line) => out(line));
    out(`${parked.length} parked; each holds back its record's later events for its endpoint.`);
    return 0;
  },
});
