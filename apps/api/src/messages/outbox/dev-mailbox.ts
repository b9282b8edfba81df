import type { DevMailboxMessage } from '@vet/contracts/dev-mailbox';
import { notFound } from '../../platform/index.ts';
import type { MailboxRepository } from './mailbox-repository.ts';

/** One e-mail of the development mailbox, or 404. */
export async function findMailboxMessage(mailbox: MailboxRepository, id: number): Promise<DevMailboxMessage> {
  const message = await mailbox.findMessage(id);
  if (!message) throw notFound('There is no e-mail with this id in the development mailbox.');
  return message;
}
