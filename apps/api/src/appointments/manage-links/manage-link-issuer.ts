import type { Executor } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { eq, sql } from 'drizzle-orm';
import { manageLinkKey, manageLinkUrl } from './manage-link-token.ts';

/** A reminder about to be sent: the appointment, and the rule it follows ('d2', 'd0@08:00'). */
export interface ReminderLinkRequest {
  appointmentId: number;
  kind: string;
}

/**
 * Where every message that carries an appointment's manage link gets it (decisions 0084, 0095). Only the
 * newest link of an appointment works: a new one raises the appointment's link generation in the
 * caller's transaction, with the message it goes in, so the earlier links end when it is sent.
 */
export interface ManageLinks {
  /**
   * The link of an appointment created in the caller's transaction (a booking, a completed guest hold):
   * generation 0, nothing written, as no other link to it can exist yet.
   */
  first(appointmentId: number): string;
  /** A new link for an existing appointment (a change e-mail), ending every earlier one. */
  renew(executor: Executor, appointmentId: number): Promise<string>;
  /**
   * The links of a batch of reminders, in one statement. A reminder's e-mail and its text share one link
   * (the second of them keeps the generation the first raised, by the reminder's kind), so one does not
   * end the other's; any other reminder ends the links before it.
   */
  forReminders(executor: Executor, reminders: readonly ReminderLinkRequest[]): Promise<Map<number, string>>;
}

export function manageLinks(portalUrl: string, secret: string): ManageLinks {
  const key = manageLinkKey(secret);
  const urlAt = (appointmentId: number, generation: number) =>
    manageLinkUrl(portalUrl, key, appointmentId, generation);
  return {
    first: (appointmentId) => urlAt(appointmentId, 0),

    async renew(executor, appointmentId) {
      const [row] = await executor
        .update(appointments)
        .set({
          manageLinkGeneration: sql`${appointments.manageLinkGeneration} + 1`,
          manageLinkReminderKind: null,
        })
        .where(eq(appointments.id, appointmentId))
        .returning({ generation: appointments.manageLinkGeneration });
      if (!row) throw new Error('no appointment to renew the manage link of');
      return urlAt(appointmentId, row.generation);
    },

    async forReminders(executor, reminders) {
      // One kind per appointment: two reminders of one appointment in a batch go out with one link.
      const kinds = new Map<number, string>();
      for (const { appointmentId, kind } of reminders) {
        if (!kinds.has(appointmentId)) kinds.set(appointmentId, kind);
      }
      if (kinds.size === 0) return new Map();
      const wanted = JSON.stringify([...kinds].map(([id, kind]) => ({ id, kind })));
      // The rows are locked in id order first, so two batches sharing appointments cannot deadlock.
      const { rows } = await executor.execute<{ id: number; generation: number }>(sql`
        with wanted as (select * from jsonb_to_recordset(${wanted}::jsonb) as w(id int, kind text)),
        locked as (
          select a.id from ${appointments} a where a.id in (select id from wanted) order by a.id for update
        )
        update ${appointments} a
        set manage_link_generation = a.manage_link_generation
              + case when a.manage_link_reminder_kind = w.kind then 0 else 1 end,
            manage_link_reminder_kind = w.kind
        from wanted w
        where a.id = w.id and a.id in (select id from locked)
        returning a.id, a.manage_link_generation as generation`);
      return new Map(rows.map((row) => [row.id, urlAt(row.id, row.generation)]));
    },
  };
}
