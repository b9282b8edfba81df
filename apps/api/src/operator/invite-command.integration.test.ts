import { randomUUID } from 'node:crypto';
import { invitationCodeHash } from '@vet/db/invitation-code';
import { invitations } from '@vet/db/schema/onboarding';
import { emailOutbox } from '@vet/db/schema/system';
import { createClient, createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productionSettings, runInProcess } from './testing/run-in-process.ts';

/**
 * `portal-admin invite` (decision 0097): the integration API's invitation, issued by the operator. Asking
 * changes nothing; --email issues it through the outbox. What it prints: the reference and the expiry,
 * never the code, the address or the name.
 */
const database = useTestDatabase();
const { db } = database;
const production = productionSettings(database.url, { portalUrl: 'https://portal.vets.example' });

async function clientOfThePms(overrides: Parameters<typeof createClient>[1] = {}) {
  const practice = await createPractice(db);
  const pmsRef = `CLI-${randomUUID()}`;
  const client = await createClient(db, {
    homePracticeId: practice.id,
    pmsRef,
    firstName: 'Olivia',
    ...overrides,
  });
  return { client, pmsRef };
}

const invitationsOf = (clientId: number) =>
  db.select().from(invitations).where(eq(invitations.clientId, clientId));
const emailsTo = (address: string) => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('portal-admin invite', () => {
  it('says whether a client can be invited, and issues nothing without --email', async () => {
    const { client, pmsRef } = await clientOfThePms();
    const asked = await runInProcess(['invite', pmsRef], production);
    expect(asked).toMatchObject({ status: 0, stderr: '' });
    expect(asked.stdout).toBe(
      `${pmsRef} can be invited: a client of the practice, with an e-mail address, no online account yet.\n` +
        `Nothing was sent. To invite them: invite ${pmsRef} --email (--replace to end an unused one and send anew).\n`,
    );
    expect(await invitationsOf(client.id)).toEqual([]);
    expect(await emailsTo(client.email!)).toEqual([]);
  });

  it('with --email, issues the invitation and writes its e-mail to the outbox, printing neither code nor client', async () => {
    const { client, pmsRef } = await clientOfThePms();
    const invited = await runInProcess(['invite', pmsRef, '--email'], production);
    expect(invited, invited.stderr).toMatchObject({ status: 0, stderr: '' });
    const [stored] = await invitationsOf(client.id);
    const [email] = await emailsTo(client.email!);
    expect(invited.stdout).toBe(
      `Invited ${pmsRef}: the invitation e-mail is in the outbox, for the API's e-mail worker to send; ` +
        `its link works once, until ${stored?.expiresAt.toISOString()}.\n`,
    );
    const link = new URL(
      /https:\/\/portal\.vets\.example\/invite\?\S+/.exec(email?.textBody ?? '')?.[0] ?? '',
    );
    const code = link.searchParams.get('rc') ?? '';
    expect(invitationCodeHash(code)).toBe(stored?.codeHash);
    for (const personal of [code, client.email!, client.lastName, 'Olivia'])
      expect(invited.stdout).not.toContain(personal);

    // Again: the unused invitation stands and nothing more is sent, unless --replace says so (decision 0103).
    const again = await runInProcess(['invite', pmsRef, '--email'], production);
    expect(again).toMatchObject({ status: 0, stderr: '' });
    expect(again.stdout).toContain(`${pmsRef} already has an unused invitation`);
    expect(await emailsTo(client.email!)).toHaveLength(1);
    const replaced = await runInProcess(['invite', pmsRef, '--email', '--replace'], production);
    expect(replaced.stdout).toMatch(/^Invited /);
    expect(await emailsTo(client.email!)).toHaveLength(2);
    expect(await invitationsOf(client.id)).toHaveLength(2);
    expect((await runInProcess(['invite', pmsRef, '--replace'], production)).status).toBe(2);
  });

  it('refuses, with the integration API’s reasons and status 1, a client it cannot invite', async () => {
    const unknown = await runInProcess(['invite', `CLI-unknown-${randomUUID()}`, '--email'], production);
    expect(unknown).toEqual({
      status: 1,
      stdout: '',
      stderr: 'Not invited: No client has that reference.\n',
    });
    const linked = await clientOfThePms({
      identityIssuer: 'https://idp.test',
      identitySubject: `s-${randomUUID()}`,
    });
    expect(await runInProcess(['invite', linked.pmsRef], production)).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'Cannot be invited: This client already has an online account linked to their record: they need no invitation.\n',
    });
    const noEmail = await clientOfThePms({ email: null });
    const refused = await runInProcess(['invite', noEmail.pmsRef, '--email'], production);
    expect(refused).toMatchObject({
      status: 1,
      stderr: 'Not invited: This client has no e-mail address to send the invitation to.\n',
    });
    expect(await invitationsOf(noEmail.client.id)).toEqual([]);
    expect((await runInProcess(['invite', 'R'.repeat(101)], production)).status).toBe(1);
    expect((await runInProcess(['invite'], production)).status).toBe(2);
  });

  it('needs an https PORTAL_URL in production to write the link, and takes the local portal otherwise', async () => {
    const { client, pmsRef } = await clientOfThePms();
    const noPortal = await runInProcess(['invite', pmsRef, '--email'], productionSettings(database.url));
    expect(noPortal).toMatchObject({ status: 2, stdout: '' });
    expect(noPortal.stderr).toMatch(
      /^Not invited: PORTAL_URL must be the portal's https:\/\/ address in production/,
    );
    expect(await invitationsOf(client.id)).toEqual([]);
    const local = await runInProcess(
      ['invite', pmsRef, '--email'],
      productionSettings(database.url, { nodeEnv: 'development' }),
    );
    expect(local.status).toBe(0);
    const [email] = await emailsTo(client.email!);
    expect(email?.textBody).toContain('http://localhost:3000/invite?');
  });
});
