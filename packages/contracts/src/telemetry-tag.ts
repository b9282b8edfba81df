/** The application tag the portal reports to telemetry under. */
export const telemetryApplicationTag = 'clientPortalFE';
