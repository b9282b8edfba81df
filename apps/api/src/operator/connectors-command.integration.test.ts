import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { productionSettings, runInProcess } from './testing/run-in-process.ts';

/** `portal-admin connectors …` (decision 0106): what an operator sees and holds of each connector. */
const database = useTestDatabase();

describe('portal-admin connectors', () => {
  it('lists, pauses, resumes and re-syncs a connector, and reports its refused records by reference', async () => {
    const name = `ops-${Math.random().toString(36).slice(2, 8)}`;
    await database.pool.query(`insert into connector_states (name) values ($1)`, [name]);
    await database.pool.query(
      `insert into connector_cursors (name, kind, cursor, read_at) values ($1, 'clients', '42', now()), ($1, 'pets', '7', now())`,
      [name],
    );
    await database.pool.query(
      `insert into connector_refusals (name, direction, kind, ref, reasons, body)
       values ($1, 'read', 'pets', '9001', '[{"path":"breed","message":"not a breed of the list"}]', '{"name":"Private Name"}'),
              ($1, 'read', 'appointments', '9002', '[{"path":"pet_ref","message":"no pet with this reference is stored"}]', null)`,
      [name],
    );
    const settings = productionSettings(database.url);
    const run = (...args: string[]) => runInProcess(['connectors', ...args], settings);

    const listed = await run('list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(
      `${name}: not running (no instance holds it); last good pass never; refused 2 read, 0 written`,
    );
    // A refused desk booking is a time the portal may offer: said apart.
    expect(listed.stdout).toContain(
      `  DESK BOOKINGS REFUSED: 1; their times may be offered online until they apply (connectors refused ${name})`,
    );
    expect(listed.stdout).toMatch(/^ {2}clients: read \d{4}-\d\d-\d\dT/m);

    expect(await run('pause', name)).toMatchObject({ status: 0, stdout: `${name}: paused\n` });
    expect(
      (await database.pool.query(`select paused from connector_states where name = $1`, [name])).rows,
    ).toEqual([{ paused: true }]);
    expect(await run('resume', name)).toMatchObject({ status: 0, stdout: `${name}: resumed\n` });
    expect(await run('pause', 'no-such-connector')).toMatchObject({ status: 1 });
    expect(await run('pause')).toMatchObject({ status: 2 });

    expect((await run('resync', name, '--kind', 'pets')).stdout).toContain('1 kind(s)');
    const cursors = await database.pool.query(
      `select kind, cursor from connector_cursors where name = $1 order by kind`,
      [name],
    );
    expect(cursors.rows).toEqual([
      { kind: 'clients', cursor: '42' },
      { kind: 'pets', cursor: null },
    ]);

    const refused = await run('refused', name);
    expect(refused.stdout).toBe(
      `read appointments 9002: pet_ref: no pet with this reference is stored\n` +
        `read pets 9001: breed: not a breed of the list\n${name}: 2 refused record(s)\n`,
    );
    // The body the connector keeps to try again never reaches the operator's screen.
    expect(refused.stdout).not.toContain('Private Name');
  });

  it('says a connector is failing, how many passes in a row and why by code, and its lag', async () => {
    const name = `ops-${Math.random().toString(36).slice(2, 8)}`;
    await database.pool.query(
      `insert into connector_states (name, last_good_pass_at, failed_passes, last_failure, last_failure_at)
       values ($1, now() - interval '2 hours', 4, 'unknown_answer', now())`,
      [name],
    );
    const listed = await runInProcess(['connectors', 'list'], productionSettings(database.url));
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(
        `^${name}: not running \\(no instance holds it\\); FAILING: 4 pass\\(es\\) in a row, last \\d{4}-\\d\\d-\\d\\dT\\S+ \\(unknown_answer\\); last good pass \\d{4}-\\S+ \\(lag 72\\d\\d s\\); refused 0 read, 0 written$`,
        'm',
      ),
    );
  });
});
