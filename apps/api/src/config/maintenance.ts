import { z } from 'zod';

/**
 * Maintenance mode's part of the API's environment (decision 0073). api-config.ts parses it with everything
 * else, so one message still names every bad variable.
 */
const maintenanceEnvShape = {
  MAINTENANCE: z.enum(['on', 'off']).default('off'),
};

const maintenanceEnvExpected: Record<keyof typeof maintenanceEnvShape, string> = {
  MAINTENANCE:
    'on or off (on: every route but /healthz and /readyz answers 503 with Retry-After); unset: off',
};

export const maintenanceSection = { shape: maintenanceEnvShape, expected: maintenanceEnvExpected, rules: [] };

export function maintenanceOf(env: { MAINTENANCE: 'on' | 'off' }): boolean {
  return env.MAINTENANCE === 'on';
}
