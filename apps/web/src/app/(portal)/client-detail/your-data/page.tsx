import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { dataExportOnServer } from '@/features/data-export/api/get-data-export-on-server';
import { YOUR_DATA_PATH, YourDataView } from '@/features/data-export/components/your-data-view';
import { requireRecentSignIn } from '@/shared/auth-session/server/recent-sign-in';
import { pageMetadata } from '@/shared/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your data');

/**
 * Your data (/client-detail/your-data, R2.37): signed in within the last ten minutes, else
 * through the provider's sign-in first and back here (decision 0079). The data is gathered by the API
 * for this request, never cached.
 */
export default async function YourDataPage() {
  await requireRecentSignIn(YOUR_DATA_PATH);
  const result = await dataExportOnServer();
  return (
    <RequireAuth>
      <YourDataView result={result} />
    </RequireAuth>
  );
}
