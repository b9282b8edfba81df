import { practiceSystemRefSchema } from '@vet/contracts/practice-system-ref';
import { connectDatabase } from '@vet/db/connection';
import { ApiProblem } from '../platform/index.ts';
import {
  checkClientInvitable,
  createClientInvitationRepository,
  inviteClient,
  type InvitationSettings,
} from '../practice-system/index.ts';
import {
  operatorCommand,
  wrongArguments,
  type OperatorCommand,
  type OperatorContext,
  type OperatorTarget,
} from './operator-command.ts';

/** npm start's portal, where a local run's links point unless PORTAL_URL says otherwise. */
const localPortalUrl = 'http://localhost:3000';

/** The e-mail's link and brand: PORTAL_URL, which production requires to be https. */
function invitationSettings(
  context: OperatorContext,
  target: OperatorTarget,
): InvitationSettings | { problem: string } {
  const { portalUrl, brandName } = context.settings;
  if (!target.production) return { portalUrl: portalUrl ?? localPortalUrl, brandName };
  if (portalUrl?.startsWith('https://')) return { portalUrl, brandName };
  return {
    problem: `PORTAL_URL must be the portal's https:// address in production: the invitation links there${
      target.productionNote ? ` (${target.productionNote})` : ''
    }.`,
  };
}

/**
 * `portal-admin invite`: a practice's invitation to the portal (R4.18) for a client named by the practice
 * system's reference, by the integration API's own service (POST /integration/v1/clients/{client_ref}/
 * invitations, decision 0062). Without --email it only says whether the client can be invited (issuing
 * is never a side effect of asking). With --email the invitation is issued and its e-mail written to the
 * outbox, unless an unused one is live (decision 0103; --replace ends it and sends anew), which the API's
 * e-mail worker sends: this
 * command needs no mail server. It prints the reference and the expiry, never the code nor anything of
 * the client's record (decision 0097): the code exists only in the e-mail.
 */
export const inviteCommand: OperatorCommand = operatorCommand({
  name: 'invite',
  usage: '<client_ref> [--email [--replace]]',
  summary: 'whether a client (by the practice system’s reference) can be invited; --email invites them',
  options: { email: { type: 'boolean' }, replace: { type: 'boolean' } },
  positionals: { count: 1, refusal: 'Give one client reference.' },
  async run({ values, positionals: [given] }, context) {
    if (values.replace && !values.email)
      return wrongArguments(inviteCommand, context, '--replace goes with --email.');
    const clientRef = practiceSystemRefSchema.safeParse(given);
    if (!clientRef.success) {
      context.err(`Not a client reference: ${clientRef.error.issues[0]?.message ?? 'refused'}`);
      return 1;
    }
    const target = await context.target();
    if (!target) return 2;
    const ref = clientRef.data;
    const handle = connectDatabase(target.databaseUrl, { max: 2 });
    const deps = { db: handle.db, repository: createClientInvitationRepository() };
    try {
      if (!values.email) {
        await checkClientInvitable(deps, ref);
        context.out(
          `${ref} can be invited: a client of the practice, with an e-mail address, no online account yet.`,
        );
        context.out(
          `Nothing was sent. To invite them: invite ${ref} --email (--replace to end an unused one and send anew).`,
        );
        return 0;
      }
      const settings = invitationSettings(context, target);
      if ('problem' in settings) {
        context.err(`Not invited: ${settings.problem}`);
        return 2;
      }
      const invitation = await inviteClient({ ...deps, settings }, ref, { replace: values.replace });
      if (invitation.outcome === 'live') {
        context.out(
          `${ref} already has an unused invitation, whose link works until ${invitation.expires_at}: nothing was sent. ` +
            `To end it and e-mail a new one: invite ${ref} --email --replace`,
        );
        return 0;
      }
      context.out(
        `Invited ${ref}: the invitation e-mail is in the outbox, for the API's e-mail worker to send; ` +
          `its link works once, until ${invitation.expires_at}.`,
      );
      if (target.local)
        context.out(`A local run keeps it for the development mailbox: ${settings.portalUrl}/dev/mailbox`);
      return 0;
    } catch (error) {
      if (!(error instanceof ApiProblem)) throw error;
      context.err(`${values.email ? 'Not invited' : 'Cannot be invited'}: ${error.message}`);
      return 1;
    } finally {
      await handle.close();
    }
  },
});
