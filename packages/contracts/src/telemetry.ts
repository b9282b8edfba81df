import { z } from 'zod';

/** A render error reported by the browser's error boundary (R1.5): no personal data by construction. */
export const renderErrorReportSchema = z.object({
  message: z.string().max(500),
  digest: z.string().max(100).optional(),
  path: z.string().startsWith('/').max(300),
});
export type RenderErrorReport = z.infer<typeof renderErrorReportSchema>;

/** Without zod, for the browser (decision 0032). */
export * from './telemetry-tag.ts';
