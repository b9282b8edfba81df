import type { Metadata } from 'next';
import { getRequestServerConfig } from '@/config/request-config';

/** The portal's name as the browser's title bar and tabs show it: "<brand> Client Portal". */
export const siteTitle = (brandName: string) => `${brandName} Client Portal`;

/**
 * Every page's title is "<page> | <brand> Client Portal". Each page states it through this one function:
 * the root layout's title template would not reach `/`, which shares the layout's segment.
 */
export async function pageMetadata(page: string): Promise<Metadata> {
  const { brandName } = await getRequestServerConfig();
  return { title: { absolute: `${page} | ${siteTitle(brandName)}` } };
}

/** What a page receives as `searchParams`. */
export type PageSearchParams = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A query parameter as a page's `searchParams` gives it: the first value when repeated, or null. */
export function firstValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
