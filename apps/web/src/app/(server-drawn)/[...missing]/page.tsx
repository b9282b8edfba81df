import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageMetadata } from '@/shared/page-metadata';

// A nested not-found.tsx names no title of its own when a page throws notFound(): the page names it.
export const generateMetadata = (): Promise<Metadata> => pageMetadata('Page not found');

/** Any address no page answers: the not-found page in the frame drawn on the server, with status 404. */
export default function MissingPage(): never {
  notFound();
}
