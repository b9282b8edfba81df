import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Database } from '@vet/db/connection';
import { idpModels } from '@vet/db/schema/identity';

/**
 * oidc-provider's storage in PostgreSQL (table idp_models): one row per model instance (Session, Grant,
 * AuthorizationCode, RefreshToken, Interaction, …), keyed by model name and id. Expired rows are invisible
 * to reads and removed by pruneExpiredModels.
 */
export function createAdapterFactory(db: Database): AdapterFactory {
  return (model: string) => new PostgresAdapter(db, model);
}

class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const values = {
      payload: { ...payload },
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      // Like the reference adapter, saving replaces the whole entry, consumption included.
      consumedAt: null,
    };
    await this.db
      .insert(idpModels)
      .values({ model: this.model, id, ...values })
      .onConflictDoUpdate({ target: [idpModels.model, idpModels.id], set: values });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpModels.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpModels.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpModels.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(idpModels)
      .set({ consumedAt: new Date() })
      .where(and(eq(idpModels.model, this.model), eq(idpModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(idpModels).where(and(eq(idpModels.model, this.model), eq(idpModels.id, id)));
  }

  /**
   * Removes this model's entries issued under the grant. oidc-provider calls it once per token model
   * (access and refresh tokens, codes) when a grant is revoked. Other models keep their entries: a
   * sign-in interaction records the grant of the session it started in, and deleting it (as revoking
   * every model did) showed "Your sign-in has timed out" to a tab that began signing in while another
   * tab was logging out.
   */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(idpModels)
      .where(and(eq(idpModels.model, this.model), eq(idpModels.grantId, grantId)));
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: idpModels.payload, consumedAt: idpModels.consumedAt })
      .from(idpModels)
      .where(
        and(
          eq(idpModels.model, this.model),
          condition,
          or(isNull(idpModels.expiresAt), gt(idpModels.expiresAt, new Date())),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}

/** Deletes expired rows; returns how many. */
export async function pruneExpiredModels(db: Database): Promise<number> {
  const deleted = await db
    .delete(idpModels)
    .where(lt(idpModels.expiresAt, new Date()))
    .returning({ id: idpModels.id });
  return deleted.length;
}
