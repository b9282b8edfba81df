import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { pageMetadata } from '@/shared/page-metadata';
import { ClientRoutingScreen } from './_components/client-routing-screen';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Setting up your account');

/** /client-routing (R2.1): decides where a signed-in person who is not linked yet goes; a spinner meanwhile. */
export default function ClientRoutingPage() {
  return (
    <>
      <h1 className="visually-hidden">Setting up your account</h1>
      <RequireAuth>
        <ClientRoutingScreen />
      </RequireAuth>
    </>
  );
}
