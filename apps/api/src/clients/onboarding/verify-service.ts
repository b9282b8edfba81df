import type { ClientProfile } from '@vet/contracts/profile';
import { wrongTriesPerCode } from '@vet/contracts/verification';
import type { Database } from '@vet/db/connection';
import { type Identity, type LinkedClientLookup, badRequest } from '../../platform/index.ts';
import { identityAlreadyLinked, recordAlreadyLinked } from './link-conflicts.ts';
import { isIdentityTaken, type LinkRepository } from './link-repository.ts';
import type { BudgetKeeper } from './budgets.ts';
import { linkedProfile } from './linked-profile.ts';
import { codeMatches, checkTokenHash } from './verification-code.ts';
import type { CodeRow, VerificationRepository } from './verification-repository.ts';

/** R4.17: at most 5 wrong tries per code; the fifth uses it up. */
export const MAX_WRONG_TRIES = wrongTriesPerCode;
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
  budgets: BudgetKeeper;
  codePepper: string;
}

/**
 * PATCH /client/verify and /v2/verify (R4.17): the right code links the signed-in identity to the
 * client record, in one transaction that also uses the code; activation is then COMPLETED.
 *
 * A typed code is compared with the live codes it could mean only once it has taken a try of each (the
 * code's own five, the record's budget over 30 days and the portal's over an hour, decision 0056), so
 * neither parallel guesses nor many identities get more tries than that; the right code gives its try
 * back. A code that no longer works is recognised without a try: naming it gains a guesser nothing.
 */
export async function verifyCode(
  dependencies: VerifyDependencies,
  identity: Identity,
  request: VerifyRequest,
  now: Date = new Date(),
): Promise<ClientProfile> {
  const { verification, budgets, codePepper } = dependencies;
  const rows = await verification.findVerifiable({
    identity,
    clientId: request.clientId,
    checkTokenHash: request.checkToken === undefined ? undefined : checkTokenHash(request.checkToken),
    since: new Date(now.getTime() - RECOGNISED_FOR_MS),
  });
  const isLive = (row: CodeRow) => row.usedAt === null && row.expiresAt.getTime() > now.getTime();
  const live = rows.filter(isLive);
  const spent = rows.find((row) => !isLive(row) && codeMatches(codePepper, request.code, row.codeHash));
  if (spent) return refuseSpent(dependencies, spent);
  if (live.length === 0)
    throw codeProblem(
      'That code is not right, and there is no code waiting to be used. Please ask for a new code.',
    );

  await budgets.takeTries(live.map((row) => row.clientId));
  const tried = await verification.takeTry(
    live.map((row) => row.id),
    MAX_WRONG_TRIES,
  );
  const comparable = live.filter((row) => tried.some((taken) => taken.id === row.id));
  const matched = comparable.find((row) => codeMatches(codePepper, request.code, row.codeHash));
  const notWrong = live.filter((row) => row === matched || !comparable.includes(row));
  await budgets.giveBackTries(notWrong.map((row) => row.clientId));
  if (comparable.length === 0)
    throw codeProblem('This code was tried too many times. Please ask for a new code.');
  if (!matched) return wrongCode(verification, tried, now);
  return link(dependencies, identity, matched, now);
}

/** The right code of a code that no longer works: why it does not. */
async function refuseSpent({ db, links }: VerifyDependencies, code: CodeRow): Promise<never> {
  // Linking expires a record's other codes, so a right code of a linked record says so rather than "expired".
  if (await links.isClientLinked(db, code.clientId)) throw recordAlreadyLinked();
  if (code.usedAt !== null)
    throw codeProblem(
      code.failedAttempts >= MAX_WRONG_TRIES
        ? 'This code was tried too many times. Please ask for a new code.'
        : 'This code has already been used. Please ask for a new code if you still need one.',
    );
  throw codeProblem(
    'This code has expired or was replaced by a newer one. Please use the newest code, or ask for a new one.',
  );
}

async function wrongCode(
  verification: VerificationRepository,
  tried: { id: number; failedAttempts: number }[],
  now: Date,
): Promise<never> {
  await verification.lockSpent(
    tried.map((row) => row.id),
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
      await links.takeIdentity(tx, identity);
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
