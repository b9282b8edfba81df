import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';

export declare function routeGroup(url: string): 'probe' | 'bff' | 'auth' | 'api' | 'static' | 'page';
export declare function metricsSettings(
  env: Record<string, string | undefined>,
  publicPort: number,
): { port: number; host: string } | undefined;
export declare function createWebMetrics(): {
  registry: Registry;
  observe: (request: IncomingMessage, response: ServerResponse) => void;
};
export declare function startMetricsServer(
  registry: Registry,
  host: string,
  port: number,
): Promise<{ port: number; close: () => Promise<void> }>;
export declare function openWebMetrics(
  env: Record<string, string | undefined>,
  publicPort: number,
): Promise<
  | { observe: (request: IncomingMessage, response: ServerResponse) => void; close: () => Promise<void> }
  | undefined
>;
