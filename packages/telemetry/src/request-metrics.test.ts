import { describe, expect, it } from 'vitest';
import { methodLabel, requestDurationBuckets } from './request-metrics.ts';

describe('the request metrics’ labels', () => {
  it('keeps the methods browsers and clients send, and counts any other as OTHER', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      expect(methodLabel(method)).toBe(method);
    expect(methodLabel('PROPFIND')).toBe('OTHER');
    expect(methodLabel('get')).toBe('OTHER');
    expect(methodLabel(undefined)).toBe('OTHER');
  });

  it('times requests in ascending buckets from 5 ms to 10 s', () => {
    expect(requestDurationBuckets[0]).toBe(0.005);
    expect(requestDurationBuckets.at(-1)).toBe(10);
    expect([...requestDurationBuckets].sort((a, b) => a - b)).toEqual(requestDurationBuckets);
  });
});
