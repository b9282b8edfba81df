import type { DatabaseHandle } from '@vet/db/connection';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over the process's pool; repositories take it. */
    db: DatabaseHandle['db'];
    /** The pool itself, for the readiness probe. Its owner (server.ts) closes it, not the app. */
    pool: DatabaseHandle['pool'];
    /**
     * Connections to the server itself for import sessions (their temporary tables outlive a transaction),
     * which a transaction pooler cannot carry (decision 0128); the requests' pool when there is no pooler.
     */
    sessionPool: DatabaseHandle['pool'];
  }
}

export const databasePlugin = fp<
  Pick<DatabaseHandle, 'db' | 'pool'> & { sessionPool?: DatabaseHandle['pool'] }
>(
  (app, { db, pool, sessionPool }, done) => {
    app.decorate('db', db);
    app.decorate('pool', pool);
    app.decorate('sessionPool', sessionPool ?? pool);
    done();
  },
  { name: 'database' },
);
