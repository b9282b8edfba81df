import { describe, expect, it } from 'vitest';
import { noteSessionStoreFailure, unlessSessionStoreFailed } from './session-store-outage';

describe('unlessSessionStoreFailed', () => {
  it("passes next-auth's answer through when the session store answered", async () => {
    const answer = Response.json({ user: {} });
    expect(await unlessSessionStoreFailed(() => Promise.resolve(answer))).toBe(answer);
  });

  it('answers 503 in the API error shape, without a cookie, when the store failed meanwhile', async () => {
    const cleared = new Response('{}', { headers: { 'set-cookie': 'next-auth.session-token=; Max-Age=0' } });
    const response = await unlessSessionStoreFailed(async () => {
      await Promise.resolve();
      noteSessionStoreFailure();
      return cleared;
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The service is unavailable. Please try again shortly.',
    });
  });

  it('notes nothing outside a request', () => {
    expect(() => noteSessionStoreFailure()).not.toThrow();
  });
});
