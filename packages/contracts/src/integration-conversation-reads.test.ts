import { describe, expect, it } from 'vitest';
import {
  conversationCursor,
  conversationCursorSchema,
  conversationListQuerySchema,
} from './integration-conversation-reads.ts';

describe('the conversation list’s cursor', () => {
  it('gives back exactly the time in microseconds and the id it was made of', () => {
    for (const cursor of [
      { lastMessageMicros: 1_796_040_000_123_456n, id: 1 },
      { lastMessageMicros: 0n, id: 2_147_483_647 },
      { lastMessageMicros: -86_400_000_000n, id: 42 },
    ]) {
      const text = conversationCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(conversationCursorSchema.parse(text)).toEqual(cursor);
    }
  });

  it('refuses what it never gave: other shapes, an id past int4, bad base64url', () => {
    const encode = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const text of [
      encode('12.0'),
      encode('12.2147483648'),
      encode('12'),
      encode('x.1'),
      encode('1.2.3'),
      '!!',
      'a',
      '',
    ])
      expect(conversationCursorSchema.safeParse(text).success, text).toBe(false);
  });

  it('defaults the limit to 50 and bounds it to 1..200', () => {
    expect(conversationListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(conversationListQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(conversationListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(conversationListQuerySchema.parse({ limit: '200', status: 'closed' })).toEqual({
      limit: 200,
      status: 'closed',
    });
  });
});
