import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idpModels } from '@vet/db/schema/identity';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { createAdapterFactory, pruneExpiredModels } from './adapter.ts';

const database = useTestDatabase();
const adapterFor = createAdapterFactory(database.db);
const id = () => randomBytes(8).toString('hex');

describe('the PostgreSQL adapter', () => {
  it('stores, finds by id, uid and user code, and keeps models apart', async () => {
    const sessions = adapterFor('Session');
    const key = id();
    const uid = id();
    await sessions.upsert(key, { uid, accountId: 'a', userCode: `U-${key}` }, 60);

    expect(await sessions.find(key)).toMatchObject({ uid, accountId: 'a' });
    expect(await sessions.findByUid(uid)).toMatchObject({ accountId: 'a' });
    expect(await sessions.findByUserCode(`U-${key}`)).toMatchObject({ uid });
    expect(await adapterFor('Grant').find(key)).toBeUndefined();

    await sessions.upsert(key, { uid, accountId: 'b' }, 60);
    expect(await sessions.find(key)).toMatchObject({ accountId: 'b' });
    await sessions.destroy(key);
    expect(await sessions.find(key)).toBeUndefined();
  });

  it('honours expiresIn: an expired entry is not found, and pruning removes it', async () => {
    const codes = adapterFor('AuthorizationCode');
    const key = id();
    await codes.upsert(key, { accountId: 'a' }, 60);
    await database.db
      .update(idpModels)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idpModels.id, key));

    expect(await codes.find(key)).toBeUndefined();
    expect(await pruneExpiredModels(database.db)).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(idpModels).where(eq(idpModels.id, key))).toHaveLength(0);
  });

  it('marks an entry consumed', async () => {
    const codes = adapterFor('AuthorizationCode');
    const key = id();
    await codes.upsert(key, { accountId: 'a' }, 60);
    await codes.consume(key);
    expect((await codes.find(key))?.consumed).toEqual(expect.any(Number));
  });

  it("revokes a model's entries issued under a grant, and leaves the grant's other models alone", async () => {
    const grantId = id();
    const [code, token, interaction, other] = [id(), id(), id(), id()];
    await adapterFor('AuthorizationCode').upsert(code, { grantId }, 60);
    await adapterFor('RefreshToken').upsert(token, { grantId }, 60);
    // A sign-in begun in a session that had this grant (another tab, just before logging out there).
    await adapterFor('Interaction').upsert(interaction, { grantId, uid: interaction }, 60);
    const otherGrantId = id();
    await adapterFor('RefreshToken').upsert(other, { grantId: otherGrantId }, 60);

    await adapterFor('RefreshToken').revokeByGrantId(grantId);
    expect(await adapterFor('RefreshToken').find(token)).toBeUndefined();
    expect(await adapterFor('AuthorizationCode').find(code)).toMatchObject({ grantId });

    await adapterFor('AuthorizationCode').revokeByGrantId(grantId);
    expect(await adapterFor('AuthorizationCode').find(code)).toBeUndefined();
    expect(await adapterFor('Interaction').find(interaction)).toMatchObject({ grantId });
    expect(await adapterFor('RefreshToken').find(other)).toMatchObject({ grantId: otherGrantId });
  });
});
