import { getServerSession, type Session } from 'next-auth';
import { cache } from 'react';
import { authOptions } from './auth-options';

/**
 * The session as the server knows it while a page renders: read once per request, however many layouts
 * and pages ask (the root layout hands it to the browser's session; a group's layout draws the header).
 */
export const serverSession = cache((): Promise<Session | null> => getServerSession(authOptions()));
