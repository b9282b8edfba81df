import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import type { Metadata } from 'next';
import { getServerSession } from 'next-auth';
import type { ReactNode } from 'react';
import { browserApiBasePath } from '@/config/bff-base-path';
import { authOptions } from '@/features/auth/server/auth-options';
import { getRequestServerConfig } from '@/config/request-config';
import { ConsentGate } from '@/shared/cookie-consent/consent-gate';
import { AppProviders } from '@/shared/providers/app-providers';
import { siteTitle } from '@/shared/page-metadata';
import { TagManager } from '@/shared/telemetry/tag-manager';
import { PortalFrame } from './_components/portal-frame';

/** The title of a page that names none; every page names itself through `pageMetadata`. */
export async function generateMetadata(): Promise<Metadata> {
  const { brandName } = await getRequestServerConfig();
  return { title: siteTitle(brandName) };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { brandName, links, gtmContainerId, session } = await getRequestServerConfig();
  // The session as the server knows it, so the first paint already shows the signed-in header.
  const initialSession = await getServerSession(authOptions());
  return (
    <html lang="en-GB">
      <body>
        <AppRouterCacheProvider>
          <AppProviders
            apiBaseUrl={browserApiBasePath}
            sessionPollSeconds={session.pollSeconds}
            initialSession={initialSession}
          >
            <PortalFrame brandName={brandName} links={links}>
              {children}
            </PortalFrame>
            {gtmContainerId && (
              <ConsentGate>
                <TagManager containerId={gtmContainerId} />
              </ConsentGate>
            )}
          </AppProviders>
        </AppRouterCacheProvider>
      </body>
    </html>
  );
}
