import { parseArgs } from 'node:util';
import { practiceEventIdPrefix } from '@vet/contracts/practice-events';
import type { Database } from '@vet/db/connection';
import { webhookEndpoints } from '@vet/db/schema/practice-events';
import { eq } from 'drizzle-orm';
import type { ParkedFilter } from '../parked-deliveries.ts';

const eventIdPattern = new RegExp(`^${practiceEventIdPrefix}([1-9][0-9]{0,17})$`);

/**
 * `[--endpoint <name>] [--event evt_N]` of `failed` and `redrive`: the filter, or the reason the
 * operator's arguments were refused (an unknown endpoint included, so a typo never reads as "none").
 */
export async function readDeliveryFilter(
  db: Database,
  args: string[],
  options: { event: boolean },
): Promise<{ filter: ParkedFilter } | { refused: string }> {
  let values: { endpoint?: string; event?: string };
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: { endpoint: { type: 'string' }, event: { type: 'string' } },
    }));
  } catch (error) {
    return { refused: error instanceof Error ? error.message : 'unreadable arguments' };
  }
  if (values.event !== undefined && !options.event) return { refused: 'Only --endpoint <name> is taken.' };
  const filter: ParkedFilter = {};
  if (values.event !== undefined) {
    const match = eventIdPattern.exec(values.event);
    if (!match) return { refused: `--event takes an event id such as ${practiceEventIdPrefix}42` };
    filter.eventId = Number(match[1]);
  }
  if (values.endpoint !== undefined) {
    const [known] = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.name, values.endpoint));
    if (!known) return { refused: `No endpoint is named ${values.endpoint}.` };
    filter.endpoint = values.endpoint;
  }
  return { filter };
}
