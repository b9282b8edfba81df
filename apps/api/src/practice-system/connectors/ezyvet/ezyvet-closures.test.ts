import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoSite, syncKind, type DemoSite } from './testing/ezyvet-test-kit.ts';

let site: DemoSite;
beforeEach(async () => {
  site = await startDemoSite();
});
afterEach(async () => {
  expect(site.standIn.violations).toEqual([]);
  await site.standIn.close();
});

type Shift = { valid_from: string; starts: string; ends: string };
const rotaOf = (body: unknown) => (body as { rota_shifts: Shift[] }).rota_shifts;
const epoch = (iso: string) => Date.parse(iso) / 1000;

/** A "Block Out - Unavailable" planning guide, as ezyVet's availability guide blocks a resource's time. */
function blockOut(site: DemoSite, resourceId: number, from: string, to: string) {
  const { db } = site.standIn;
  const type =
    db.tables.appointmenttype.find((row) => row.name === 'Block Out - Unavailable') ??
    db.insert('appointmenttype', {
      uid: db.nextUid('type'),
      name: 'Block Out - Unavailable',
      default_duration: 60,
    });
  return db.insert('planningguide', {
    resource_id: resourceId,
    start_at: epoch(from),
    end_at: epoch(to),
    appointment_type_id: type.id,
  });
}

describe('closures and availability from ezyVet’s planning guides', () => {
  it('reads a block-out guide as the clinician’s closure, never as a shift or a reason', async () => {
    const { seed, connection, clock } = site;
    const resourceId = seed.resources.get('CLIN-0002')!;
    const guide = blockOut(site, resourceId, '2026-12-03T09:00:00Z', '2026-12-03T17:00:00Z');
    clock.advance(1_000);

    const closures = await syncKind(connection, 'closures', null);
    expect(closures.records).toEqual([
      {
        ref: String(guide.id),
        body: {
          closure_ref: String(guide.id),
          practice_ref: seed.practiceRef,
          clinician_ref: String(resourceId),
          starts_at: '2026-12-03T09:00:00+00:00',
          ends_at: '2026-12-03T17:00:00+00:00',
          reason: 'Block Out - Unavailable',
        },
      },
    ]);
    expect(closures.deleted).toEqual([]);

    const clinicians = await syncKind(connection, 'clinicians', null);
    const rota = rotaOf(clinicians.records.find((record) => record.ref === String(resourceId))!.body);
    expect(rota.length).toBeGreaterThan(0);
    expect(rota).not.toContainEqual(
      expect.objectContaining({ valid_from: '2026-12-03', starts: '09:00', ends: '17:00' }),
    );

    const reasons = await syncKind(connection, 'appointment-reasons', null);
    expect(reasons.records.map((record) => (record.body as { name: string }).name)).not.toContain(
      'Block Out - Unavailable',
    );
    expect(reasons.records).toHaveLength(seed.types.size);
  });

  it('removes a closure whose guide is removed or made a guide that offers times', async () => {
    const { seed, standIn, connection, clock } = site;
    const resourceId = seed.resources.get('CLIN-0001')!;
    const removed = blockOut(site, resourceId, '2026-12-04T09:00:00Z', '2026-12-04T12:00:00Z');
    const retyped = blockOut(site, resourceId, '2026-12-05T09:00:00Z', '2026-12-05T12:00:00Z');
    clock.advance(1_000);
    const first = await syncKind(connection, 'closures', null);
    expect(first.records.map((record) => record.ref)).toEqual([String(removed.id), String(retyped.id)]);

    clock.advance(60_000);
    standIn.deleteRecord('planningguide', removed.id);
    standIn.db.update('planningguide', retyped.id, {
      appointment_type_id: seed.types.get('REASON-CONSULT')!,
    });
    clock.advance(1_000);
    const next = await syncKind(connection, 'closures', first.cursor);
    expect(next.records).toEqual([]);
    expect(next.deleted.sort()).toEqual([String(removed.id), String(retyped.id)].sort());
  });

  it('a removed planning guide takes its times away: planning guides alone say when a clinician works', async () => {
    const { seed, standIn, connection, clock } = site;
    const resourceId = seed.resources.get('CLIN-0001')!;
    const first = await syncKind(connection, 'clinicians', null);
    const before = rotaOf(first.records.find((record) => record.ref === String(resourceId))!.body);
    const guide = standIn.db.tables.planningguide.find(
      (row) => row.resource_id === resourceId && row.active,
    )!;
    // December: the practice's wall clock is UTC.
    const removed = {
      valid_from: new Date(guide.start_at * 1000).toISOString().slice(0, 10),
      starts: new Date(guide.start_at * 1000).toISOString().slice(11, 16),
      ends: new Date(guide.end_at * 1000).toISOString().slice(11, 16),
    };
    expect(before).toContainEqual(expect.objectContaining(removed));

    clock.advance(60_000);
    standIn.deleteRecord('planningguide', guide.id);
    clock.advance(1_000);
    const next = await syncKind(connection, 'clinicians', first.cursor);
    const after = rotaOf(next.records.find((record) => record.ref === String(resourceId))!.body);
    expect(after).toHaveLength(before.length - 1);
    expect(after).not.toContainEqual(expect.objectContaining(removed));
  });
});
