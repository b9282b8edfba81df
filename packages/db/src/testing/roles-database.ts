import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../connection.ts';
import { dropDatabase, ensureDatabase } from '../server.ts';

/**
 * A database of one test file's own with login roles named for this run (roles belong to the whole
 * server, so each run's are its own and dropped after it), granted as deploy/postgres-roles.sql grants on
 * a new database: every role may connect and use the schema, those named `temporary` make temporary tables
 * too (the app role: the import's staging), and only the migrating role may create in it (decisions 0092,
 * 0138).
 */
export function rolesDatabase<Name extends string>(
  serverUrl: string,
  prefix: string,
  names: readonly Name[],
  { migrating, temporary = [] }: { migrating: Name; temporary?: readonly Name[] },
) {
  const run = randomBytes(4).toString('hex');
  const roles = Object.fromEntries(names.map((role) => [role, `test_${role}_${run}`])) as Record<
    Name,
    string
  >;
  const password = randomBytes(12).toString('hex');
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const name = `${prefix}_${run}`;
  let admin: DatabaseHandle | undefined;

  /** The database's URL as `role` (none: as the server's own user). */
  const urlAs = (role?: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    if (role) Object.assign(url, { username: role, password });
    return url.toString();
  };

  return {
    run,
    roles,
    urlAs,
    /** Makes the database and the roles; answers a connection as the server's own user. */
    async create(): Promise<DatabaseHandle> {
      await ensureDatabase(adminUrl.toString(), name);
      admin = connectDatabase(urlAs(), { max: 1 });
      const database = pg.escapeIdentifier(name);
      for (const role of names) {
        const quoted = pg.escapeIdentifier(roles[role]);
        const rights = role === migrating || temporary.includes(role) ? 'connect, temporary' : 'connect';
        await admin.pool.query(`create role ${quoted} login password '${password}'`);
        await admin.pool.query(`grant ${rights} on database ${database} to ${quoted}`);
        await admin.pool.query(`grant usage on schema public to ${quoted}`);
      }
      const migrator = pg.escapeIdentifier(roles[migrating]);
      await admin.pool.query(`grant create on database ${database} to ${migrator}`);
      await admin.pool.query('revoke create on schema public from public');
      await admin.pool.query(`grant create on schema public to ${migrator}`);
      return admin;
    },
    /** Drops the database and the roles. */
    async drop(): Promise<void> {
      await admin?.close();
      await dropDatabase(adminUrl.toString(), name);
      const server = new pg.Client({ connectionString: adminUrl.toString() });
      await server.connect();
      try {
        for (const role of Object.values<string>(roles).reverse())
          await server.query(`drop role if exists ${pg.escapeIdentifier(role)}`);
      } finally {
        await server.end();
      }
    },
  };
}

/** The SQLSTATE a statement fails with, or 'ok'. */
export const outcome = (statement: Promise<unknown>) =>
  statement.then(
    () => 'ok',
    (error: Error & { code?: string }) => error.code ?? error.message,
  );
