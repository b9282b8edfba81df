import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/features/auth/server/auth-options';

type AuthContext = { params: Promise<{ nextauth: string[] }> };

/** The sign-in layer (spec 7): session, csrf, providers, signin, callback, signout, _log. */
function handler(request: NextRequest, context: AuthContext): Promise<Response> {
  return NextAuth(request, context, authOptions()) as Promise<Response>;
}

export { handler as GET, handler as POST };
