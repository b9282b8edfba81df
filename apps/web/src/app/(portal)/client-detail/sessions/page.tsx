import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getServerConfig } from '@/config/server';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { signedInSessions } from '@/shared/auth-session/server/signed-in-sessions';
import { activeSessionDeps } from '@/shared/auth-session/server/session-deps';
import { pageMetadata } from '@/shared/page-metadata';
import { SessionsView } from './_components/sessions-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Where you are signed in');

/**
 * Where you are signed in (/client-detail/sessions, R2.35): the person's portal sessions, read from
 * the web's session store while the page renders (no secret in the props), with "Sign out of the others".
 */
export default async function SessionsPage() {
  const config = getServerConfig();
  const cookie = (await headers()).get('cookie');
  const initial = await signedInSessions(cookie, config.session, activeSessionDeps(config)).catch(() => null);
  return (
    <RequireAuth>
      <SessionsView initial={initial} />
    </RequireAuth>
  );
}
