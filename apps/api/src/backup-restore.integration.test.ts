import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { listedAppointmentSchema } from '@vet/contracts/appointments';
import { connectDatabase, type DatabaseHandle } from '@vet/db/connection';
import { runMigrations } from '@vet/db/migrate';
import { ensureDatabase } from '@vet/db/server';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import {
  archiveCurrentWal,
  clusterWorkspace,
  findServerBinaries,
  missingBinariesMessage,
  PostgresCluster,
  type Cluster,
} from '@vet/db/testing/postgres-cluster';
import { parseSecretKeys, sealSecret, type SecretKeys } from '@vet/practice-events/secret-box';
import {
  startTestDispatcher,
  writeAppointmentEvent,
  type TestDispatcher,
} from '@vet/practice-events/testing/dispatcher-kit';
import {
  startReferencePracticeSystem,
  type ReferencePracticeSystem,
} from '@vet/practice-events/testing/reference-practice-system';
import { addEndpoint } from '@vet/practice-events/endpoints-repository';
import { loopbackHosts } from '@vet/practice-events/testing/address-rules';
import { newEndpointSecret } from '@vet/practice-events/webhook-delivery';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { eventDispatcherPlugin } from './practice-system/index.ts';
import { buildTestApp, testConfig } from './testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from './testing/test-identity-provider.ts';

/**
 * The restore runbook (docs/operations.md, "Backups and restore"; decision 0124), rehearsed: a portal on a
 * PostgreSQL cluster of its own that archives its WAL; a base backup (`pg_basebackup -X stream`) while it
 * runs; more writes after it; a restore into a fresh cluster to a named restore point; the portal started on
 * it serves the client's bookings up to that point and delivers the events that were waiting, signed with the
 * endpoint's secret, which only the same WEBHOOK_SECRET_KEYS opens. Needs the server binaries (Debian's
 * postgresql package): where they are missing the file is skipped, except under CI, where it fails.
 */
const bin = findServerBinaries();
const deployFile = (name: string) => fileURLToPath(new URL(`../../../deploy/${name}`, import.meta.url));
/** The production roles (decision 0092): the portal connects as the app role, migrations as the other. */
const roles = { migrate: 'portal_migrate', app: 'portal_app' };
const webhookKeysText = `k1:${randomBytes(32).toString('base64')}`;
const webhookKeys = parseSecretKeys(webhookKeysText) as SecretKeys;

describe.skipIf(!bin && !process.env.CI)('a backup of a running portal, restored into a fresh server', () => {
  let workspace: ReturnType<typeof clusterWorkspace> | undefined;
  const clusters = new PostgresCluster(bin ?? '', { durable: false });
  const open: { close: () => Promise<unknown> }[] = [];
  afterAll(async () => {
    // Last opened, first closed: apps before their pools, pools before the servers stop.
    for (const thing of open.reverse()) await thing.close().catch(() => undefined);
    await clusters.stopAll();
    workspace?.remove();
  });

  const portalOn = async (cluster: Cluster, provider: TestIdentityProvider, dispatch: boolean) => {
    const url = cluster.url('portal', roles.app);
    const handle: DatabaseHandle & { url: string } = { ...connectDatabase(url, { max: 4 }), url };
    open.push(handle);
    // The receiver listens on loopback, which the dispatcher dials only when allowed (decision 0137).
    const env = {
      ...trustingEnv(provider),
      WEBHOOK_SECRET_KEYS: webhookKeysText,
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: loopbackHosts,
    };
    const app: App = await buildTestApp(handle, { env });
    // As server.ts does: the dispatcher runs in the API process; an app built for a test runs none.
    if (dispatch) await app.register(eventDispatcherPlugin, { ...testConfig(url, env), pollMs: 200 });
    await app.ready();
    open.push(app);
    return { handle, app };
  };

  it('serves the client’s bookings and delivers the waiting events, each under its first id', async () => {
    if (!bin) throw new Error(`CI is set and ${missingBinariesMessage}`);
    const work = (workspace = clusterWorkspace('portal-restore'));
    const archive = work.folder('archive');
    await clusters.init(work.folder('source'), archive);
    const source = await clusters.start(`${work.root}/source`);
    await ensureDatabase(source.url('postgres'), 'portal');
    // Trust on loopback: the passwords are only what the script requires.
    const passwords = { PORTAL_MIGRATE_PASSWORD: 'rehearsal-m', PORTAL_APP_PASSWORD: 'rehearsal-a' };
    await clusters.psql(source.url('portal'), deployFile('postgres-roles.sql'), passwords);
    const migrating = connectDatabase(source.url('portal', roles.migrate), { max: 1 });
    await runMigrations(migrating.pool, { grantTo: [roles.app] }).finally(() => migrating.close());

    const provider = await startTestIdentityProvider();
    open.push(provider);
    const { handle } = await portalOn(source, provider, false);
    const { db } = handle;

    // A client with a booking, and a practice system whose events wait (its dispatcher is not running).
    // The endpoint as `endpoints add` stores it: its secret sealed with WEBHOOK_SECRET_KEYS.
    const secret = newEndpointSecret();
    const receiver: ReferencePracticeSystem = await startReferencePracticeSystem({ secret });
    open.push(receiver);
    await addEndpoint(db, { name: 'rehearsal', url: receiver.url, secret: sealSecret(webhookKeys, secret) });
    const subject = `subject-${crypto.randomUUID()}`;
    const practice = await createPractice(db);
    const clinician = await createClinician(db, { practiceId: practice.id, type: 'Vet' });
    const reason = await createReason(db, { clinicianType: 'Vet' });
    const client = await createClient(db, { identityIssuer: provider.issuer, identitySubject: subject });
    const pet = await createPet(db, { clientId: client.id, name: 'Biscuit' });
    const book = async (day: number) => {
      const startsAt = new Date(`2031-03-0${day}T10:00:00Z`);
      const endsAt = new Date(startsAt.getTime() + 15 * 60_000);
      const common = { practiceId: practice.id, clinicianId: clinician.id, reasonId: reason.id };
      const appointment = await createAppointment(db, {
        ...common,
        clientId: client.id,
        petId: pet.id,
        startsAt,
        endsAt,
      });
      return { id: appointment.id, event: await writeAppointmentEvent(db, appointment.id, 'booked') };
    };
    const beforeBackup = await book(1);

    // The base backup, while the portal runs.
    const backup = work.folder('backup');
    await clusters.baseBackup(source, backup);

    // After it: a booking kept by the archive's WAL, the restore point, then one written too late, with
    // more events than PostgreSQL's sequences log ahead (32), so that their ids would be handed out again.
    const afterBackup = await book(2);
    await restorePoint(source.url('portal'), 'rehearsal');
    const tooLate = await book(3);
    const lost = [tooLate.event];
    for (let n = 0; n < 40; n += 1) lost.push(await writeAppointmentEvent(db, tooLate.id, 'amended'));
    await archiveCurrentWal(source.url('portal'));

    // The source's dispatcher delivers everything after the backup point, then the source is lost.
    const dispatcher: TestDispatcher = startTestDispatcher(handle, { secretKeys: webhookKeys });
    const sentBefore = [beforeBackup.event, afterBackup.event, ...lost];
    await receiver
      .waitFor((received) => sentBefore.every((id) => received.some((event) => event.webhookId === id)))
      .finally(() => dispatcher.stop());
    const arrivalsBeforeRestore = receiver.received.length;
    await source.stop();

    const restored = await clusters.restore(backup, work.folder('restored'), {
      archiveFrom: archive,
      archiveDir: work.folder('restored-archive'),
      target: 'rehearsal',
    });
    expect(restored.port).not.toBe(source.port);
    // The runbook's step before any instance starts: ids move on past those the lost writes used.
    await clusters.psql(restored.url('portal', roles.migrate), deployFile('after-restore.sql'));
    const portal = await portalOn(restored, provider, true);

    const authorization = `Bearer ${await provider.sign({ claims: { sub: subject } })}`;
    const response = await portal.app.inject({ url: '/appointments', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    const listed = listedAppointmentSchema.array().parse(response.json());
    expect(listed.map((appointment) => appointment.appointmentId)).toEqual([beforeBackup.id, afterBackup.id]);

    // The events waiting at the restore point are delivered again, under the ids they were first sent
    // with (a receiver that keeps the ids it has seen drops them); the one after it never existed.
    const waiting = [beforeBackup.event, afterBackup.event];
    await receiver.waitFor(
      (received) =>
        waiting.every((id) => received.slice(arrivalsBeforeRestore).some((event) => event.webhookId === id)),
      30_000,
    );
    const redelivered = receiver.received.slice(arrivalsBeforeRestore).map((event) => event.webhookId);
    expect(new Set(redelivered)).toEqual(new Set(waiting));

    // A new event after the restore: an id no receiver has seen, delivered.
    const fresh = await writeAppointmentEvent(portal.handle.db, afterBackup.id, 'amended');
    const eventNumber = (id: string) => Number(id.replace(/\D/g, ''));
    expect(eventNumber(fresh)).toBeGreaterThan(Math.max(...lost.map(eventNumber)));
    await receiver.waitFor((received) => received.some((event) => event.webhookId === fresh));
    expect(receiver.attempts.every((attempt) => attempt.status < 400)).toBe(true);
  }, 120_000);
});

/** A named restore point (a superuser's function: the platform engineer's, not the portal's). */
async function restorePoint(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('select pg_create_restore_point($1)', [name]).finally(() => client.end());
}
