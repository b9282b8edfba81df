import type { ReactNode } from 'react';
import { getRequestServerConfig } from '@/config/request-config';
import { serverSession } from '@/features/auth/server/server-session';
import { SiteFooter } from '@/shared/layout/site-footer';
import { QueryProvider } from '@/shared/query/query-provider';
import { PortalFrame } from './_components/portal-frame';
import { signedInFirstData } from './_components/signed-in-first-data';

/**
 * The pages that read and change the client's data from the browser (decision 0118): the query cache,
 * holding the profile, pets and practice settings the server already asked for, so a signed-in page
 * paints without waiting for its queries; and the frame that follows those queries.
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const { brandName, links } = await getRequestServerConfig();
  const firstData = (await serverSession()) ? await signedInFirstData() : undefined;
  return (
    <QueryProvider state={firstData}>
      <PortalFrame
        brandName={brandName}
        links={links}
        footer={<SiteFooter brandName={brandName} links={links} />}
      >
        {children}
      </PortalFrame>
    </QueryProvider>
  );
}
