import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createConnectorMetrics, createHintMetrics } from './connector-metrics.ts';

/** The operator's view of the connectors (decision 0106): calls by status, records, writes, lag. */
describe('connector metrics', () => {
  it('counts calls by endpoint and status, records and writes by outcome, and when each kind caught up', async () => {
    const registry = new Registry();
    const metrics = createConnectorMetrics(registry)!;
    const observer = metrics.observer('ezyvet-clapham');
    observer.call('/v1/contact', 200, 12);
    observer.call('/v1/contact', 429, 3);
    observer.call('/v1/contact', 429, 2);
    metrics.records('ezyvet-clapham', 'pets', 'applied', 40);
    metrics.records('ezyvet-clapham', 'pets', 'refused', 0);
    metrics.writes('ezyvet-clapham', 'written');
    metrics.caughtUp('ezyvet-clapham', 'appointments', new Date(1_800_000_000_000));
    createHintMetrics(registry)!('provet-bath', 'appointment_id');
    const text = await registry.metrics();
    expect(text).toContain(
      'portal_connector_calls_total{connector="ezyvet-clapham",endpoint="/v1/contact",status="429"} 2',
    );
    expect(text).toContain(
      'portal_connector_records_total{connector="ezyvet-clapham",kind="pets",outcome="applied"} 40',
    );
    // A refused count of none adds no series.
    expect(text).not.toContain('outcome="refused"');
    expect(text).toContain('portal_connector_writes_total{connector="ezyvet-clapham",outcome="written"} 1');
    expect(text).toContain(
      'portal_connector_caught_up_seconds{connector="ezyvet-clapham",kind="appointments"} 1800000000',
    );
    expect(text).toContain(
      'portal_connector_hints_total{connector="provet-bath",parameter="appointment_id"} 1',
    );
  });

  it('is off without a registry', () => {
    expect(createConnectorMetrics(undefined)).toBeUndefined();
    expect(createHintMetrics(undefined)).toBeUndefined();
  });
});
