import { apiErrorSchema } from '@vet/contracts/errors';
import { deleteOnlineAccountBodySchema, onlineAccountDeletedSchema } from '@vet/contracts/online-account';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { identityOf, requireRecentSignIn } from '../../platform/index.ts';
import { deleteOnlineAccount, type OnlineAccountDeps } from './delete-online-account.ts';

/**
 * The signed-in person's online account (signed-in scope, linked or not yet: someone who signed up and
 * was never linked may delete their account too).
 */
export const onlineAccountRoutes =
  (options: Omit<OnlineAccountDeps, 'db'>): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const deps: OnlineAccountDeps = { ...options, db: app.db };

    app.post(
      '/client/online-account/delete',
      {
        // Decision 0079: a sign-in within the last minutes, or 403 reauthentication_required.
        preHandler: requireRecentSignIn,
        schema: {
          operationId: 'deleteOnlineAccount',
          tags: ['clients'],
          summary: 'Deletes the signed-in person’s online account; the practice keeps the client record',
          description:
            'Needs a recent sign-in (403 with code reauthentication_required otherwise). ' +
            'The body must confirm with the word DELETE (400 otherwise). Unlinks the client record (it stays ' +
            'with the practice, with its pets and appointments), ends every portal session, erases the ' +
            'portal’s onboarding rows, earlier-time requests with their offers and holds, guest holds and ' +
            'detail-change audit (the contact preference history ' +
            'is kept, pseudonymised, as proof of consent), deletes the account at the embedded identity ' +
            'provider (not at an external one), and writes the client.online_account_deleted event. ' +
            'Repeating it changes nothing and answers the same.',
          body: deleteOnlineAccountBodySchema,
          response: { 200: onlineAccountDeletedSchema, 403: apiErrorSchema },
        },
      },
      (request) => deleteOnlineAccount(deps, identityOf(request)),
    );

    done();
  };
