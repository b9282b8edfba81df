/** The version label of R1.4 (footer and telemetry). Keep in step with apps/web/package.json. */
export const appVersion = '3.5.3';
