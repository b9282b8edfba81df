'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from './api-client';

const ApiClientContext = createContext<ApiClient>(createApiClient());

/** Provides the one API client to the hooks of every feature (tests pass a client with a fake fetch). */
export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

export function useApiClient(): ApiClient {
  return useContext(ApiClientContext);
}
