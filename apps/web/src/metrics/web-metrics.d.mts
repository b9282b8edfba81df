import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestMetrics } from '@vet/telemetry/request-metrics';

export { startMetricsServer } from '@vet/telemetry/metrics-server';

export declare function routeGroup(url: string): 'probe' | 'bff' | 'auth' | 'api' | 'static' | 'page';
export declare function metricsSettings(
  env: Record<string, string | undefined>,
  publicPort: number,
): { port: number; host: string } | undefined;
export declare function createWebMetrics(): RequestMetrics;
export declare function openWebMetrics(
  env: Record<string, string | undefined>,
  publicPort: number,
): Promise<
  | { observe: (request: IncomingMessage, response: ServerResponse) => void; close: () => Promise<void> }
  | undefined
>;
