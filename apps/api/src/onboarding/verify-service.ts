import type { ClientProfile } from '@vet/contracts/profile';
import type { Database } from '@vet/db/connection';
import type { Identity, LinkedClientLookup } from '../identity/index.ts';
import { badRequest } from '../http/index.ts';
import { identityAlreadyLinked, recordAlreadyLinked } from './link-conflicts.ts';
import { isIdentityTaken, type LinkRepository } from './link-repository.ts';
import { linkedProfile } from './linked-profile.ts';
import { codeMatches, checkTokenHash } from './verification-code.ts';
import type { CodeRow, VerificationRepository } from './verification-repository.ts';

/** R4.17: at most 5 wrong tries per code; the fifth uses it up. */
export const MAX_WRONG_TRIES = 5;
/** How far back a code is still recognised, to say "used" or "expired" rather than "not right". */
const RECOGNISED_FOR_MS = 7 * 24 * 60 * 60 * 1000;

export interface VerifyRequest {
  code: string;
  clientId?: number | undefined;
  checkToken?: string | undefined;
}

const codeProblem = (message: string) => badRequest(message, [{ path: 'code', message }]);

export interface VerifyDependencies {
  db: Database;
  verification: VerificationRepository;
  links: LinkRepository;
  clients: LinkedClientLookup;
  codePepper: string;
}

/**
 * PATCH /client/verify and /v2/verify (R4.17): the right code links the signed-in identity to the
 * client record, in one transaction that also uses the code; activation is then COMPLETED.
 */
export async function verifyCode(
  dependencies: VerifyDependencies,
  identity: Identity,
  request: VerifyRequest,
  now: Date = new Date(),
): Promise<ClientProfile> {
  const { verification, codePepper } = dependencies;
  const rows = await verification.findVerifiable({
    identity,
    clientId: request.clientId,
    checkTokenHash: request.checkToken === undefined ? undefined : checkTokenHash(request.checkToken),
    since: new Date(now.getTime() - RECOGNISED_FOR_MS),
  });
  const matched = rows.find((row) => codeMatches(codePepper, request.code, row.codeHash));
  if (!matched) return wrongCode(verification, rows, now);
  // Linking expires a record's other codes, so a right code of a linked record says so rather than "expired".
  if (await dependencies.links.isClientLinked(dependencies.db, matched.clientId)) throw recordAlreadyLinked();
  if (matched.usedAt !== null)
    throw codeProblem(
      matched.failedAttempts >= MAX_WRONG_TRIES
        ? 'This code was tried too many times. Please ask for a new code.'
        : 'This code has already been used. Please ask for a new code if you still need one.',
    );
  if (matched.expiresAt.getTime() <= now.getTime())
    throw codeProblem(
      'This code has expired or was replaced by a newer one. Please use the newest code, or ask for a new one.',
    );
  return link(dependencies, identity, matched, now);
}

async function wrongCode(verification: VerificationRepository, rows: CodeRow[], now: Date): Promise<never> {
  const live = rows.filter((row) => row.usedAt === null && row.expiresAt.getTime() > now.getTime());
  if (live.length === 0)
    throw codeProblem(
      'That code is not right, and there is no code waiting to be used. Please ask for a new code.',
    );
  const tried = await verification.recordWrongTry(
    live.map((row) => row.id),
    MAX_WRONG_TRIES,
    now,
  );
  const triesLeft = Math.max(0, ...tried.map((row) => MAX_WRONG_TRIES - row.failedAttempts));
  if (triesLeft === 0)
    throw codeProblem(
      'That code is not right, and it has now been tried too many times. Please ask for a new code.',
    );
  throw codeProblem(
    `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  );
}

async function link(
  { db, verification, links, clients }: VerifyDependencies,
  identity: Identity,
  code: CodeRow,
  now: Date,
): Promise<ClientProfile> {
  try {
    await db.transaction(async (tx) => {
      const client = await links.lockClient(tx, code.clientId);
      if (!client || client.linked) throw recordAlreadyLinked();
      if (!(await verification.markUsed(tx, code.id, now)))
        throw codeProblem(
          'This code has already been used. Please ask for a new code if you still need one.',
        );
      if (!(await links.link(tx, code.clientId, identity, now))) throw recordAlreadyLinked();
      await verification.expireMoot(tx, code.clientId, identity, now);
    });
  } catch (error) {
    if (isIdentityTaken(error)) throw identityAlreadyLinked();
    throw error;
  }
  return linkedProfile(clients, identity, now);
}
