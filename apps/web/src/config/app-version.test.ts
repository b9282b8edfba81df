import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appVersion } from './app-version';

describe('appVersion', () => {
  it('matches the version of the web package', () => {
    const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(appVersion).toBe(packageJson.version);
  });
});
