import { z } from 'zod';
import { onlineAccountDeletionWord } from './online-account-rules.ts';

export * from './online-account-rules.ts';

export const deleteOnlineAccountBodySchema = z.object({
  confirmation: z.literal(onlineAccountDeletionWord, {
    error: `Type ${onlineAccountDeletionWord} to confirm.`,
  }),
});
export type DeleteOnlineAccountBody = z.infer<typeof deleteOnlineAccountBodySchema>;

/**
 * What the deletion did. `providerAccountDeleted`: the sign-in identity was the embedded provider's and is
 * gone with it; false for an external provider, where the person's account stays (the portal cannot
 * delete it) and only the portal's link to it ends. A repeated request answers the same, with nothing
 * left to delete.
 */
export const onlineAccountDeletedSchema = z.object({
  deleted: z.literal(true),
  providerAccountDeleted: z.boolean(),
});
export type OnlineAccountDeleted = z.infer<typeof onlineAccountDeletedSchema>;
