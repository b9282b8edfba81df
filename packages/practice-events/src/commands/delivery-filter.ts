import { practiceEventIdPrefix } from '@vet/contracts/practice-events';
import type { Database } from '@vet/db/connection';
import { webhookEndpoints } from '@vet/db/schema/practice-events';
import { eq } from 'drizzle-orm';
import type { ParkedFilter } from '../parked-deliveries.ts';

const eventIdPattern = new RegExp(`^${practiceEventIdPrefix}([1-9][0-9]{0,17})$`);

/**
 * `[--endpoint <name>] [--event evt_N]` of `failed` and `redrive` (failed takes no --event): the filter,
 * or the reason they were refused (an unknown endpoint included, so a typo never reads as "none").
 */
export async function readDeliveryFilter(
  db: Database,
  values: { endpoint?: string | undefined; event?: string | undefined },
): Promise<{ filter: ParkedFilter } | { refused: string }> {
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
