import { endIdleSessions } from '@vet/db/end-idle-sessions';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { webSessions } from '@vet/db/schema/identity';

/**
 * The portal's revocable sessions (`web_sessions`). The browser holds only a random session id inside
 * next-auth's encrypted cookie; the row, found by the id's SHA-256, holds the identity and its tokens.
 * Deleting the row ends the session, whatever copies of the cookie exist.
 */

export type SessionTokens = {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date;
};

export type NewSession = SessionTokens & {
  identityIssuer: string;
  identitySubject: string;
  providerId: string;
  expiresAt: Date;
  /** A short summary of the sign-in's User-Agent (device-summary.ts); null when unknown. */
  device?: string | null;
};

export type StoredSession = NewSession & { rowId: string; lastSeenAt: Date };

/** 256 random bits, so the id cannot be guessed; only its hash is stored. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

const columns = {
  rowId: webSessions.id,
  identityIssuer: webSessions.identityIssuer,
  identitySubject: webSessions.identitySubject,
  providerId: webSessions.providerId,
  accessToken: webSessions.accessToken,
  refreshToken: webSessions.refreshToken,
  idToken: webSessions.idToken,
  accessTokenExpiresAt: webSessions.accessTokenExpiresAt,
  expiresAt: webSessions.expiresAt,
  lastSeenAt: webSessions.lastSeenAt,
};

/** Stores a new session and returns its id (for the cookie). Expired and idle rows are tidied away here. */
export async function insertSession(db: Database, session: NewSession, now = new Date()): Promise<string> {
  const sessionId = newSessionId();
  await endIdleSessions(db, now);
  await db.insert(webSessions).values({ ...session, tokenHash: hashSessionId(sessionId), lastSeenAt: now });
  return sessionId;
}

/** The session with this id, or null when there is none or it has expired. */
export async function findLiveSession(
  db: Database,
  sessionId: string,
  now = new Date(),
): Promise<StoredSession | null> {
  const [row] = await db
    .select(columns)
    .from(webSessions)
    .where(eq(webSessions.tokenHash, hashSessionId(sessionId)))
    .limit(1);
  return row && row.expiresAt > now ? row : null;
}

/** The session row by its row id, whether or not it has expired (null when deleted). */
export async function findSessionRow(db: Database, rowId: string): Promise<StoredSession | null> {
  const [row] = await db.select(columns).from(webSessions).where(eq(webSessions.id, rowId)).limit(1);
  return row ?? null;
}

/**
 * Claims the right to refresh the session's tokens until `claimUntil`: granted (the row) only while its
 * access token expires by `refreshBy` and nobody else holds a live claim. One statement, so two servers
 * cannot both win, and no transaction stays open while the winner calls the provider.
 */
export async function claimRefresh(
  db: Database,
  rowId: string,
  { now, refreshBy, claimUntil }: { now: Date; refreshBy: Date; claimUntil: Date },
): Promise<StoredSession | null> {
  const [row] = await db
    .update(webSessions)
    .set({ refreshClaimedUntil: claimUntil })
    .where(
      and(
        eq(webSessions.id, rowId),
        lte(webSessions.accessTokenExpiresAt, refreshBy),
        or(isNull(webSessions.refreshClaimedUntil), lt(webSessions.refreshClaimedUntil, now)),
      ),
    )
    .returning(columns);
  return row ?? null;
}

/** Stores refreshed tokens and releases the claim; false when the row has gone meanwhile (signed out). */
export async function storeRefreshedTokens(
  db: Database,
  rowId: string,
  tokens: SessionTokens,
): Promise<boolean> {
  const updated = await db
    .update(webSessions)
    .set({ ...tokens, refreshClaimedUntil: null })
    .where(eq(webSessions.id, rowId))
    .returning({ id: webSessions.id });
  return updated.length > 0;
}

export async function touchSession(db: Database, rowId: string, now = new Date()): Promise<void> {
  await db.update(webSessions).set({ lastSeenAt: now }).where(eq(webSessions.id, rowId));
}

/** What ending a session leaves to do: revoking its refresh token at its provider. */
export type EndedSession = { providerId: string; refreshToken: string | null };

const endedSession = { providerId: webSessions.providerId, refreshToken: webSessions.refreshToken };

async function deleteOneSession(db: Database, which: SQL): Promise<EndedSession | null> {
  const [row] = await db.delete(webSessions).where(which).returning(endedSession);
  return row ?? null;
}

/** Deletes the session; returns what its refresh token needs for revocation (null: no such session). */
export function deleteSession(db: Database, sessionId: string): Promise<EndedSession | null> {
  return deleteOneSession(db, eq(webSessions.tokenHash, hashSessionId(sessionId)));
}

/** Deletes the session by its row id; returns what its refresh token needs for revocation (null: gone). */
export function deleteSessionRow(db: Database, rowId: string): Promise<EndedSession | null> {
  return deleteOneSession(db, eq(webSessions.id, rowId));
}

/** One of a person's sessions as "Where you are signed in" shows it: no token, hash or secret. */
export type ListedSession = { rowId: string; device: string | null; lastSeenAt: Date; createdAt: Date };

/** A person's sign-in identity, which their sessions carry. */
export type SessionIdentity = { identityIssuer: string; identitySubject: string };

/** The conditions for the identity's sessions. */
const ofIdentity = (identity: SessionIdentity) => [
  eq(webSessions.identityIssuer, identity.identityIssuer),
  eq(webSessions.identitySubject, identity.identitySubject),
];

/** The identity's live sessions, the most recently active first. */
export async function listIdentitySessions(
  db: Database,
  identity: SessionIdentity,
  now = new Date(),
): Promise<ListedSession[]> {
  return db
    .select({
      rowId: webSessions.id,
      device: webSessions.device,
      lastSeenAt: webSessions.lastSeenAt,
      createdAt: webSessions.createdAt,
    })
    .from(webSessions)
    .where(and(...ofIdentity(identity), gt(webSessions.expiresAt, now)))
    .orderBy(desc(webSessions.lastSeenAt), desc(webSessions.createdAt));
}

/**
 * Deletes every session of the identity except the one kept; returns what their refresh tokens need for
 * revocation. One statement, so a session that signs in meanwhile is either listed or kept whole.
 */
export async function deleteOtherSessions(
  db: Database,
  identity: SessionIdentity,
  keepRowId: string,
): Promise<EndedSession[]> {
  return db
    .delete(webSessions)
    .where(and(...ofIdentity(identity), ne(webSessions.id, keepRowId)))
    .returning(endedSession);
}

/**
 * What revoking the identity's refresh tokens needs, session by session (those holding one), without
 * ending any: deleting the online account revokes them first, and the API then deletes the rows.
 */
export async function identityRefreshTokens(
  db: Database,
  identity: SessionIdentity,
): Promise<EndedSession[]> {
  return db
    .select(endedSession)
    .from(webSessions)
    .where(and(...ofIdentity(identity), isNotNull(webSessions.refreshToken)));
}
