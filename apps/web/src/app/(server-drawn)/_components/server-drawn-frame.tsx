'use client';

import { ClientFrame } from '@/app/_components/client-frame';
import type { FrameProps } from '@/shared/layout/portal-shell';
import type { ServerFrameData } from './server-frame-data';

/**
 * The frame of the pages drawn on the server (decision 0118): the signed-in client as the server found
 * them, with no query cache in the browser. Retry after a failed profile loads the page again.
 */
export function ServerDrawnFrame({
  data,
  children,
  ...frame
}: FrameProps & { data: ServerFrameData | undefined }) {
  return (
    <ClientFrame
      {...frame}
      user={data?.user}
      practiceName={data?.practiceName}
      pets={data?.pets}
      unreadMessages={data?.unreadMessages}
      petsLoading={false}
      profile={{
        activationStatus: data?.activationStatus,
        failed: data?.failed ?? false,
        retry: () => window.location.reload(),
        requireContactPreferencesUpdate: data?.requireContactPreferencesUpdate,
      }}
    >
      {children}
    </ClientFrame>
  );
}
