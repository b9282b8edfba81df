import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { browserApiBasePath } from '@/config/bff-base-path';
import { serverSession } from '@/features/auth/server/server-session';
import { getRequestServerConfig } from '@/config/request-config';
import { consentCookieName } from '@/shared/cookie-consent/consent-cookie';
import { MaintenanceFrame } from '@/shared/layout/maintenance-frame';
import { SiteFooter } from '@/shared/layout/site-footer';
import { ConsentGate } from '@/shared/cookie-consent/consent-gate';
import { ServerConsentCookieProvider } from '@/shared/cookie-consent/server-consent';
import { AppProviders } from '@/shared/providers/app-providers';
import { siteTitle } from '@/shared/page-metadata';
import { TagManager } from '@/shared/telemetry/tag-manager';
import '@/shared/theme/global.css';

/** The title of a page that names none; every page names itself through `pageMetadata`. */
export async function generateMetadata(): Promise<Metadata> {
  const { brandName } = await getRequestServerConfig();
  return { title: siteTitle(brandName) };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { brandName, links, gtmContainerId, session, maintenance } = await getRequestServerConfig();
  // MAINTENANCE=on (decision 0073): every page is the maintenance page (app/maintenance, outside the route
  // groups), rendered without a session, the API or the database (the maintenance may be about them).
  if (maintenance) {
    return (
      <html lang="en-GB">
        <body>
          <MaintenanceFrame footer={<SiteFooter brandName={brandName} links={links} />}>
            {children}
          </MaintenanceFrame>
        </body>
      </html>
    );
  }
  // The session as the server knows it, so the first paint already shows the signed-in header.
  const initialSession = await serverSession();
  // The cookie banner is rendered on the server when it is due, so it is part of the first paint.
  const consentCookie = (await cookies()).get(consentCookieName)?.value;
  return (
    <html lang="en-GB">
      <body>
        <AppProviders
          apiBaseUrl={browserApiBasePath}
          sessionPollSeconds={session.pollSeconds}
          initialSession={initialSession}
        >
          {/* Each route group draws the frame its pages need (decision 0118): (portal) with the query cache,
              (server-drawn) from what the server knows. */}
          <ServerConsentCookieProvider value={consentCookie}>{children}</ServerConsentCookieProvider>
          {gtmContainerId && (
            <ConsentGate>
              <TagManager containerId={gtmContainerId} />
            </ConsentGate>
          )}
        </AppProviders>
      </body>
    </html>
  );
}
