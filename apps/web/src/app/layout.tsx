import Box from '@mui/material/Box';
import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { browserApiBasePath } from '@/config/public-config';
import { getRequestServerConfig } from '@/config/request-config';
import { SiteFooter } from '@/shared/components/site-footer';
import { SiteHeader } from '@/shared/components/site-header';
import { SkipLink } from '@/shared/components/skip-link';
import { AppProviders } from '@/shared/providers/app-providers';

const mainContentId = 'main-content';

export async function generateMetadata(): Promise<Metadata> {
  const { brandName } = await getRequestServerConfig();
  const siteTitle = `${brandName} Client Portal`;
  return { title: { default: siteTitle, template: `%s | ${siteTitle}` } };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { brandName, session } = await getRequestServerConfig();
  return (
    <html lang="en-GB">
      <body>
        <AppRouterCacheProvider>
          <AppProviders apiBaseUrl={browserApiBasePath} sessionPollSeconds={session.pollSeconds}>
            <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
              <SkipLink targetId={mainContentId} />
              <SiteHeader brandName={brandName} />
              <Box component="main" id={mainContentId} tabIndex={-1} sx={{ flexGrow: 1 }}>
                {children}
              </Box>
              <SiteFooter brandName={brandName} />
            </Box>
          </AppProviders>
        </AppRouterCacheProvider>
      </body>
    </html>
  );
}
