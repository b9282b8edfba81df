import { describe, expect, it } from 'vitest';
import { FailureThrottle, throttleKey } from './throttle.ts';

describe('FailureThrottle', () => {
  it('blocks a key after the limit within the window, and forgets old failures', () => {
    let now = 0;
    const throttle = new FailureThrottle({ limit: 3, windowMs: 1000, now: () => now });
    const key = throttleKey('127.0.0.1', 'A@Example.com ');
    for (let i = 0; i < 3; i += 1) throttle.recordFailure(key);
    expect(throttle.isBlocked(key)).toBe(true);
    expect(throttle.isBlocked(throttleKey('127.0.0.1', 'b@example.com'))).toBe(false);
    expect(throttle.isBlocked(throttleKey('127.0.0.2', 'a@example.com'))).toBe(false);
    now = 1001;
    expect(throttle.isBlocked(key)).toBe(false);
  });

  it('treats differently written forms of one address as one', () => {
    expect(throttleKey('::1', ' Someone@Example.COM')).toBe(throttleKey('::1', 'someone@example.com'));
  });

  it('starts again after a success', () => {
    const throttle = new FailureThrottle({ limit: 1, windowMs: 1000 });
    throttle.recordFailure('k');
    throttle.reset('k');
    expect(throttle.isBlocked('k')).toBe(false);
  });
});
