import { useTestDatabase } from '@vet/db/testing/test-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { beforeAll, describe, expect, it } from 'vitest';
import { startConnectorRunner } from './connector-runner.ts';
import type { SyncDeps } from './connector-sync.ts';
import { syncDepsOf } from './testing/sync-deps.ts';
import { MemoryPracticeSystem } from './testing/memory-practice-system.ts';

/**
 * The connectors' loops (decision 0106): two API instances running the same connector read it from one of
 * them only (the lease), and a stopped runner gives its lease up for another to take.
 */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));
const deps = (): SyncDeps => syncDepsOf(database);

/** A practice system that counts the reads made of it. */
class CountedSystem extends MemoryPracticeSystem {
  reads = 0;
  override read: MemoryPracticeSystem['read'] = (kind, cursor) => {
    this.reads += 1;
    return super.read(kind, cursor);
  };
}

describe('the connector runner', () => {
  it('reads a connector from one instance at a time, and hands it over when that one stops', async () => {
    const group = testGroup();
    const name = `runner-${group.tag.toLowerCase()}`;
    const practices = [group.ref('PRAC', 1)];
    const [first, second] = [new CountedSystem(), new CountedSystem()];
    const seeded = MemoryPracticeSystem.of(group);
    for (const system of [first, second])
      for (const kind of seeded.readKinds)
        for (const record of (await seeded.read(kind, null)).records)
          system.put(kind, record.ref, { ...record.body });
    const runtime = (connection: CountedSystem) => ({ name, practices, pollSeconds: 3600, connection });
    const one = startConnectorRunner([runtime(first)], deps());
    const other = startConnectorRunner([runtime(second)], deps());
    await expect
      .poll(
        async () =>
          (await database.pool.query(`select 1 from appointments where pms_ref = $1`, [group.ref('APT', 3)]))
            .rowCount,
      )
      .toBe(1);
    // Only the instance holding the lease read the system.
    expect([first.reads > 0, second.reads > 0].filter(Boolean)).toHaveLength(1);
    const [reader, waiting, readerRunner, waitingRunner] =
      first.reads > 0 ? [first, second, one, other] : [second, first, other, one];
    await readerRunner.stop();
    expect(waiting.reads).toBe(0);
    // The lease given up, the other instance takes the connector at its next look.
    waitingRunner.readSoon(name);
    await expect.poll(() => waiting.reads).toBeGreaterThan(0);
    await waitingRunner.stop();
    expect(reader.reads).toBeGreaterThan(0);
  });
});
