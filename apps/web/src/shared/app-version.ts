/** The version label of spec 1 (footer and telemetry). Keep in step with apps/web/package.json. */
export const appVersion = '3.5.3';

/** The application tag the portal reports to telemetry under (spec 1). */
export const telemetryApplicationTag = 'clientPortalFE';
