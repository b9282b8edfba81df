import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const database = useTestDatabase();

describe('POST /telemetry/render-errors', () => {
  let app: App;
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp(database, {
      env: { LOG_LEVEL: 'info' },
      logger: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(() => app.close());

  it('logs the report without personal data and answers 204', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/telemetry/render-errors',
      payload: {
        message: 'Cannot render profile of jane@example.com at SW1A 1AA',
        digest: '2814566941',
        path: '/pets/12',
      },
    });
    expect(response.statusCode).toBe(204);
    const reported = logLines.filter((l) => l.includes('render error reported'));
    expect(reported).toHaveLength(1);
    const line = reported[0] ?? '';
    const logged = JSON.parse(line) as { renderError: Record<string, unknown> };
    expect(logged.renderError).toEqual({
      message: 'Cannot render profile of [email] at [postcode]',
      digest: '2814566941',
      path: '/pets/12',
      application: 'clientPortalFE',
    });
    expect(line).not.toContain('jane@example.com');
  });

  it.each([
    ['no body', undefined],
    ['a path that is not a path', { message: 'x', path: 'https://elsewhere.example/' }],
    ['an oversized message', { message: 'x'.repeat(501), path: '/' }],
  ])('refuses %s with 400', async (_case, payload) => {
    const response = await app.inject({ method: 'POST', url: '/telemetry/render-errors', payload });
    expect(response.statusCode).toBe(400);
  });
});
