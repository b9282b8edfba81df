/**
 * The maintenance module: MAINTENANCE=on answers 503 to all but the probes (decision 0073).
 * Other modules import only this file (decision 0054).
 */
export { maintenancePlugin } from './maintenance-plugin.ts';
