import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientChanges, type ContactPreferenceChange } from '@vet/db/schema/client-changes';
import { practiceEvents, webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { auditLog } from '@vet/db/schema/system';
import { createClient } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { daysAgo, runRetention } from './testing/retention-test-kit.ts';

/** Decision 0119: events, consent history and the audit log age out; current consent never does. */
const database = useOwnDatabase('retention_records');
const yearsAgo = (years: number) => daysAgo(years * 365.25);
let position = 0;

describe('applyRetention: practice events', () => {
  it('deletes an event after 90 days with its deliveries, waiting or parked too; keeps a younger one', async () => {
    const { db } = database.current;
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ name: 'pms', url: 'https://pms.example/hook', secret: 'sealed' })
      .returning({ id: webhookEndpoints.id });
    const event = async (
      occurredAt: Date,
      delivery?: 'delivered' | 'pending' | 'parked',
      numbered = true,
    ) => {
      position += 1;
      const [row] = await db
        .insert(practiceEvents)
        .values({
          position: numbered ? position : null,
          type: 'client.updated',
          recordKind: 'client',
          recordId: 1,
          data: {},
          occurredAt,
        })
        .returning({ id: practiceEvents.id });
      if (delivery)
        await db.insert(webhookDeliveries).values({
          endpointId: endpoint!.id,
          eventId: row!.id,
          position,
          recordKey: 'client:1',
          status: delivery,
        });
      return row!.id;
    };
    // A receiver switched off parks every delivery: its events still go after the period (decision 0139).
    const ids = [
      await event(daysAgo(91), 'delivered'),
      await event(daysAgo(91)),
      await event(daysAgo(200), 'pending'),
      await event(daysAgo(200), 'parked'),
      await event(daysAgo(89), 'parked'),
      await event(daysAgo(89), 'delivered'),
      await event(daysAgo(200), undefined, false),
    ];
    const outcomes = await runRetention(db);
    const kept = await db
      .select({ id: practiceEvents.id })
      .from(practiceEvents)
      .where(inArray(practiceEvents.id, ids));
    expect(kept.map((row) => row.id).sort((a, b) => a - b)).toEqual(ids.slice(4));
    const deliveries = await db.select({ eventId: webhookDeliveries.eventId }).from(webhookDeliveries);
    expect(deliveries.map((row) => row.eventId).sort((a, b) => a - b)).toEqual(ids.slice(4, 6));
    expect(outcomes.get('practice-events')).toMatchObject({ rows: 4 });
  });
});

describe('applyRetention: consent history', () => {
  const cell = (purpose: string, channel: string, to: boolean): ContactPreferenceChange => ({
    purpose,
    channel,
    from: !to,
    to,
  });

  it('keeps each cell’s latest word for ever, and what it replaced for six years after', async () => {
    const { db } = database.current;
    const client = await createClient(db);
    const change = (changedAt: Date, preferences: ContactPreferenceChange[]) => ({
      clientId: client.id,
      kind: 'contact_preferences' as const,
      changedAt,
      actorIssuer: 'https://idp.example',
      actorSubject: 'someone',
      changes: { preferences },
    });
    const inserted = await db
      .insert(clientChanges)
      .values([
        // 0: marketing e-mail on, then off 7 years ago: the proof of consent has done its six years.
        change(yearsAgo(10), [cell('marketing', 'email', true)]),
        change(yearsAgo(7), [cell('marketing', 'email', false)]),
        // 2: reminders by SMS on 9 years ago and never changed since: the consent in force.
        change(yearsAgo(9), [cell('reminders', 'sms', true), cell('news', 'email', true)]),
        // 3: news by e-mail off 5 years ago: row 2's news cell was replaced only 5 years ago anyway.
        change(yearsAgo(5), [cell('news', 'email', false)]),
        // 4: offers on 8 years ago, replaced 4 years ago: inside the six years.
        change(yearsAgo(8), [cell('offers', 'sms', true)]),
        change(yearsAgo(4), [cell('offers', 'sms', false)]),
      ])
      .returning({ id: clientChanges.id });
    await runRetention(db);
    const kept = await db
      .select({ id: clientChanges.id })
      .from(clientChanges)
      .where(
        inArray(
          clientChanges.id,
          inserted.map((row) => row.id),
        ),
      );
    expect(kept.map((row) => row.id).sort((a, b) => a - b)).toEqual(inserted.slice(1).map((row) => row.id));
  });

  it('deletes the record of detail changes and the audit log after six years', async () => {
    const { db } = database.current;
    const client = await createClient(db);
    const details = (changedAt: Date) => ({
      clientId: client.id,
      kind: 'details' as const,
      changedAt,
      actorIssuer: 'https://idp.example',
      actorSubject: 'someone',
      changes: { fields: ['mobilePhone'] },
    });
    const changes = await db
      .insert(clientChanges)
      .values([details(yearsAgo(6.1)), details(yearsAgo(5.9))])
      .returning({ id: clientChanges.id });
    const audits = await db
      .insert(auditLog)
      .values(
        [yearsAgo(6.1), yearsAgo(5.9)].map((occurredAt) => ({
          occurredAt,
          actor: 'system',
          action: 'x',
          entityType: 'client',
          entityId: '1',
        })),
      )
      .returning({ id: auditLog.id });
    await runRetention(db);
    expect(
      await db
        .select({ id: clientChanges.id })
        .from(clientChanges)
        .where(
          inArray(
            clientChanges.id,
            changes.map((row) => row.id),
          ),
        ),
    ).toEqual([{ id: changes[1]!.id }]);
    expect(
      await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          inArray(
            auditLog.id,
            audits.map((row) => row.id),
          ),
        ),
    ).toEqual([{ id: audits[1]!.id }]);
  });
});
