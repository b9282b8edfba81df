import type { NextRequest } from 'next/server';
import { getServerConfig } from '@/config/server';
import { proxyOptions, proxyToApi } from '@/shared/bff/proxy';

type BffContext = { params: Promise<{ path: string[] }> };

/** /bff/* → API_URL/*: the browser's one way to the API (see src/shared/bff/proxy.ts). */
async function proxy(request: NextRequest, { params }: BffContext): Promise<Response> {
  const { path } = await params;
  return proxyToApi(request, path, proxyOptions(getServerConfig()));
}

export const GET = proxy;
export const POST = proxy;
export const PUT = proxy;
export const PATCH = proxy;
export const DELETE = proxy;
