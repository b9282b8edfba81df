import type { DatabaseHandle } from '@vet/db/connection';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over the process's pool; repositories take it. */
    db: DatabaseHandle['db'];
    /** The pool itself, for the readiness probe. Its owner (server.ts) closes it, not the app. */
    pool: DatabaseHandle['pool'];
  }
}

export const databasePlugin = fp<Pick<DatabaseHandle, 'db' | 'pool'>>(
  (app, { db, pool }, done) => {
    app.decorate('db', db);
    app.decorate('pool', pool);
    done();
  },
  { name: 'database' },
);
