import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { appendTestLog } from '@vet/contracts/testing/test-logs';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { unusedPort } from '@vet/email/testing/test-smtp-server';
import { describe, expect, it } from 'vitest';

// Its own database: the running server's e-mail worker and dispatcher take every row of their tables.
const database = useOwnDatabase('api_metrics_process_test');
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('server.ts with METRICS_PORT', () => {
  it('serves the metrics on that port only, counts its requests, and stops cleanly', async () => {
    const metricsPort = await unusedPort();
    // node --import tsx: one process, so the signal reaches the server itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: database.current.url,
        NODE_ENV: 'test',
        API_PORT: '0',
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      appendTestLog('api-metrics-process', chunk.toString());
    });
    child.stderr.on('data', (chunk: Buffer) => appendTestLog('api-metrics-process', chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null]>;
    try {
      // The metrics line comes after the listening line: both addresses are known then.
      const [publicUrl, metricsUrl] = await new Promise<[string, string]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no metrics line in: ${stdout}`)), 20_000);
        child.stdout.on('data', () => {
          const api = /API listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
          const metrics = /API metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(stdout)?.[1];
          if (api && metrics) {
            clearTimeout(timer);
            resolve([api, metrics]);
          }
        });
      });
      expect(metricsUrl).toBe(`http://127.0.0.1:${metricsPort}/metrics`);
      expect((await fetch(`${publicUrl}/v2/pets/5150`)).status).toBe(401);
      expect((await fetch(`${publicUrl}/metrics`)).status).toBe(404);

      const text = await (await fetch(metricsUrl)).text();
      expect(text).toContain('http_requests_total{method="GET",route="/v2/pets/:petId",status="401"} 1');
      expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
      expect(text).toContain('queue_state_up 1');
      expect(text).not.toContain('5150');
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await exited;
    expect(code).toBe(0);
  });
});
