/**
 * reportRenderError with its code (the report, the telemetry configuration's fetch and the beacon)
 * fetched when an error boundary first catches something: every page carries its error boundaries, and
 * few ever show (decision 0156, as trackEventOnDemand). A report whose code cannot be fetched (the
 * connection dropped) is lost, as one whose send fails is: reporting never breaks the error screen.
 */
export function reportRenderErrorOnDemand(error: unknown): void {
  void import('./report-render-error').then(
    ({ reportRenderError }) => reportRenderError(error),
    () => {},
  );
}
