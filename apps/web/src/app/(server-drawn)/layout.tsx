import type { ReactNode } from 'react';
import { getRequestServerConfig } from '@/config/request-config';
import { serverSession } from '@/features/auth/server/server-session';
import { SiteFooter } from '@/shared/layout/site-footer';
import { RedrawAfterHistoryMove } from './_components/redraw-after-history-move';
import { ServerDrawnFrame } from './_components/server-drawn-frame';
import { serverFrameData } from './_components/server-frame-data';

/**
 * The pages drawn on the server (decision 0118): the dashboard and the practice list, the two most people
 * open first. Their frame comes from what the server knows, so they ship neither the query cache nor
 * the queries; a page here that needs the browser to read the API belongs in (portal).
 */
export default async function ServerDrawnLayout({ children }: { children: ReactNode }) {
  const { brandName, links } = await getRequestServerConfig();
  const data = (await serverSession()) ? await serverFrameData() : undefined;
  return (
    <ServerDrawnFrame
      brandName={brandName}
      links={links}
      footer={<SiteFooter brandName={brandName} links={links} />}
      data={data}
    >
      {children}
      <RedrawAfterHistoryMove />
    </ServerDrawnFrame>
  );
}
