import { describe, expect, it } from 'vitest';
import { safeCallbackUrl } from './safe-callback-url';

const baseUrl = 'http://localhost:3000';
const home = 'http://localhost:3000/';

describe('safeCallbackUrl', () => {
  it.each([
    ['/', 'http://localhost:3000/'],
    ['/pets', 'http://localhost:3000/pets'],
    ['/?practice=12', 'http://localhost:3000/?practice=12'],
    ['/verified?code=123456&mode=signup#top', 'http://localhost:3000/verified?code=123456&mode=signup#top'],
    ['http://localhost:3000/appointments', 'http://localhost:3000/appointments'],
  ])('follows our own %s', (url, expected) => {
    expect(safeCallbackUrl(url, baseUrl)).toBe(expected);
  });

  it.each([
    'https://elsewhere.example',
    'https://elsewhere.example/?next=http://localhost:3000/',
    '//elsewhere.example',
    '//elsewhere.example/pets',
    '/\\elsewhere.example',
    '\\\\elsewhere.example',
    '/\t/elsewhere.example',
    '/\n/elsewhere.example',
    ' https://elsewhere.example',
    'http://localhost:3001/',
    'https://localhost:3000/',
    'http://localhost:3000@elsewhere.example/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'elsewhere.example',
    '',
  ])('never follows %j', (url) => {
    expect(safeCallbackUrl(url, baseUrl)).toBe(home);
  });

  it('works under an https portal with a path-less base', () => {
    expect(safeCallbackUrl('/x', 'https://portal.example.test')).toBe('https://portal.example.test/x');
    expect(safeCallbackUrl('//evil.example', 'https://portal.example.test')).toBe(
      'https://portal.example.test/',
    );
  });
});
