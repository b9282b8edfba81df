import { integrationPathPrefix } from '@vet/contracts/machine-access';
import type { App } from '../../../app.ts';

/** The webhook-endpoints routes as a practice system calls them, with the token `authorization` gives. */
export function endpointRequests(app: () => App, authorization: () => Promise<string>) {
  const base = `${integrationPathPrefix}/webhook-endpoints`;
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: { authorization: await authorization() },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    list: () => call('GET', base),
    register: (body: unknown) => call('POST', base, body),
    get: (id: number | string) => call('GET', `${base}/${id}`),
    update: (id: number | string, body: unknown) => call('PATCH', `${base}/${id}`, body),
    rotate: (id: number | string, body: unknown = {}) => call('POST', `${base}/${id}/rotate-secret`, body),
    remove: (id: number | string, query = '') => call('DELETE', `${base}/${id}${query}`),
  };
}
