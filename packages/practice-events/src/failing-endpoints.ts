import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

/**
 * An endpoint that has had only failures for `afterMs` is disabled (decision 0139): a receiver switched
 * off would otherwise be sent, and keep, every later event. "Only failures": a delivery of it has been
 * failing since before then, and none has been delivered since. Disabled, it is inactive (no deliveries
 * are written for it, none is claimed) with `disabled_at` set, which the start-up fit to the grants
 * leaves alone. A connector's endpoint is the portal's own connection, watched by its health: never here.
 * Answers whether it was disabled now; its other deliveries, being sent meanwhile, finish first.
 */
export async function disableFailingEndpoint(
  db: Database,
  endpointId: number,
  now: Date,
  afterMs: number,
): Promise<boolean> {
  const since = new Date(now.getTime() - afterMs);
  const { rows } = await db.execute<{ id: number }>(sql`
    update webhook_endpoints e set active = false, disabled_at = ${now}
     where e.id = ${endpointId} and e.active and e.disabled_at is null and e.url not like 'connector:%'
       and exists (select 1 from webhook_deliveries d
                    where d.endpoint_id = e.id and d.status <> 'delivered' and d.retrying_since <= ${since})
       and not exists (select 1 from webhook_deliveries d
                        where d.endpoint_id = e.id and d.status = 'delivered' and d.delivered_at > ${since})
    returning e.id`);
  return rows.length > 0;
}
