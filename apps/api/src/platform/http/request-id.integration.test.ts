import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const database = useTestDatabase();
const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';

describe("a request's id in the API's log lines (decision 0071)", () => {
  let app: App;
  const logLines: string[] = [];
  const linesOf = (path: string) =>
    logLines
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } })
      .filter((line) => line.req?.url === path);

  beforeAll(async () => {
    app = await buildTestApp(database, {
      env: { LOG_LEVEL: 'info' },
      logger: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(() => app.close());

  it("is the trace id of the BFF's traceparent, so the web's lines and the API's share it", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/online-practices',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.statusCode).toBe(200);
    const [incoming] = linesOf('/online-practices');
    expect(incoming?.reqId).toBe(traceId);
  });

  it('is a new id of the same shape without a well-formed traceparent, whatever else the caller sends', async () => {
    logLines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/online-practices',
      headers: { traceparent: 'not-a-traceparent', 'x-request-id': 'chosen-by-caller', 'request-id': 'x' },
    });
    const [incoming] = linesOf('/online-practices');
    expect(incoming?.reqId).toMatch(/^[0-9a-f]{32}$/);
  });
});
