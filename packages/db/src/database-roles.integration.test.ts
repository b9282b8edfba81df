import { Logger, runOnce } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connection.ts';
import { DatabaseRoleError, connectedAsSuperuser, parseAppRoles, refuseSuperuser } from './database-roles.ts';
import { requireCurrentSchema, runMigrations } from './migrate.ts';
import { outcome, rolesDatabase } from './testing/roles-database.ts';

/**
 * The roles of decision 0092 on a database of this file's own: a migrating role that owns the schema and
 * runs the migrate step, and the app role it grants to. Roles belong to the whole server, so theirs are
 * named for this run and dropped after it. The set-up does what deploy/postgres-roles.sql does on a new
 * database (the smoke test runs the script itself, with psql).
 */
const database = rolesDatabase(inject('databaseUrl'), 'portal_roles', ['migrate', 'app', 'ungranted'], {
  migrating: 'migrate',
  temporary: ['app'],
});
const { roles, urlAs } = database;

let admin: DatabaseHandle;
let migrator: DatabaseHandle;
let app: DatabaseHandle;

beforeAll(async () => {
  admin = await database.create();
  migrator = connectDatabase(urlAs(roles.migrate), { max: 2 });
  await runMigrations(migrator.pool, { grantTo: parseAppRoles(roles.app) });
  app = connectDatabase(urlAs(roles.app), { max: 2 });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await migrator?.close();
  await database.drop();
});

describe('the app role (decision 0092)', () => {
  it('is refused DROP TABLE, TRUNCATE and CREATE, on our tables and the job queue’s', async () => {
    for (const statement of [
      'drop table web_sessions',
      'drop table graphile_worker._private_jobs',
      'truncate web_sessions',
      'truncate appointments cascade',
      'truncate graphile_worker._private_jobs',
      'alter table clients add column stolen text',
      'create table public.planted (id int)',
      'create schema planted',
    ])
      expect(await outcome(app.pool.query(statement)), statement).toBe('42501');
    expect(await connectedAsSuperuser(app.pool)).toBe(false);
    const owner = await admin.pool.query<{ owner: string }>(
      "select tableowner as owner from pg_tables where tablename = 'web_sessions'",
    );
    expect(owner.rows[0]?.owner).toBe(roles.migrate);
  });

  it('makes the writes the apps make: rows in our tables, jobs added and worked through graphile-worker', async () => {
    const inserted = await app.pool.query<{ id: number }>(
      `insert into practices (name, address_line1, town, postcode, phone)
       values ('Roles Vets', '1 High Street', 'York', 'YO1 7HH', '01904 000000') returning id`,
    );
    const practiceId = inserted.rows[0]!.id;
    expect(
      await outcome(
        app.pool.query("update practices set name = 'Roles Vets Ltd' where id = $1", [practiceId]),
      ),
    ).toBe('ok');
    expect(
      await outcome(
        app.pool.query("select graphile_worker.add_job('send-email', json_build_object('outboxId', 1))"),
      ),
    ).toBe('ok');
    const jobs = await app.pool.query<{ count: string }>(
      "select count(*) from graphile_worker.jobs where task_identifier = 'send-email'",
    );
    expect(jobs.rows[0]?.count).toBe('1');
    // A worker of the job queue, as the API runs one: it takes the job and completes it.
    const done: unknown[] = [];
    await runOnce({
      pgPool: app.pool,
      taskList: { 'send-email': (payload) => void done.push(payload) },
      logger: new Logger(() => () => {}),
    });
    expect(done).toEqual([{ outboxId: 1 }]);
    // The completion is written behind the task's return (runOnce can resolve first on a busy machine):
    // what matters is that the app role may delete the job, which it does.
    await expect
      .poll(async () => {
        const left = await app.pool.query<{ count: string }>('select count(*) from graphile_worker.jobs');
        return left.rows[0]?.count;
      })
      .toBe('0');
    expect(await outcome(app.pool.query('delete from practices where id = $1', [practiceId]))).toBe('ok');
    // Temporary tables (the import's staging, the practice lane's spans) are its own.
    expect(await outcome(app.pool.query('create temporary table staged (id int)'))).toBe('ok');
    // An instance checks its build's migrations are there before it starts.
    await expect(requireCurrentSchema(app.pool)).resolves.toBeUndefined();
  });

  it('is granted what a later migration creates, and a second migrate step changes nothing', async () => {
    await migrator.pool.query('create table later_things (id serial primary key, note text)');
    expect(await outcome(app.pool.query("insert into later_things (note) values ('granted')"))).toBe('ok');
    await expect(runMigrations(migrator.pool, { grantTo: [roles.app] })).resolves.toBeUndefined();
    expect(await outcome(app.pool.query('drop table later_things'))).toBe('42501');
  });
});

describe('a production process at start-up (decision 0092)', () => {
  it('refuses a superuser, naming DATABASE_ALLOW_SUPERUSER; lets the app role through', async () => {
    expect(await connectedAsSuperuser(admin.pool)).toBe(true);
    const refusal = await refuseSuperuser(admin.pool, 'The API').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DatabaseRoleError);
    expect((refusal as Error).message).toContain('DATABASE_ALLOW_SUPERUSER=true');
    await expect(refuseSuperuser(app.pool, 'The API')).resolves.toBeUndefined();
  });

  it('names DATABASE_APP_ROLES when a role was never granted the apps’ privileges', async () => {
    const ungranted = connectDatabase(urlAs(roles.ungranted), { max: 1 });
    try {
      const refusal = await requireCurrentSchema(ungranted.pool).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DatabaseRoleError);
      expect((refusal as Error).message).toContain('DATABASE_APP_ROLES');
    } finally {
      await ungranted.close();
    }
  });

  it('reads DATABASE_APP_ROLES as a list of role names, some scoped, naming the variable otherwise', () => {
    expect(parseAppRoles(undefined)).toEqual([]);
    expect(parseAppRoles(' portal_app, portal_ops ,portal_app')).toEqual(['portal_app', 'portal_ops']);
    expect(() => parseAppRoles('portal_app; drop table clients')).toThrow(/^DATABASE_APP_ROLES must be/);
    expect(() => parseAppRoles('"Portal"')).toThrow(DatabaseRoleError);
    // Scoped to the web's or the provider's tables (decision 0138), and no other scope.
    expect(parseAppRoles('portal_app,portal_web:web,portal_idp:idp')).toEqual([
      'portal_app',
      'portal_web:web',
      'portal_idp:idp',
    ]);
    expect(() => parseAppRoles('portal_api:api')).toThrow(DatabaseRoleError);
  });
});
