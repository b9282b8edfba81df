import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { findChromium, NoChromiumError } from './chromium.ts';
import { inflateNpmChromium } from './chromium-from-npm.ts';

let dir = '';
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A package laid out as @sparticuz/chromium is: package.json, and bin/ with its brotli files. */
function fakePackage(version: string): string {
  const root = join(dir, `package-${version}`);
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: '@sparticuz/chromium', version }));
  writeFileSync(join(bin, 'chromium.br'), brotliCompressSync(`#!/bin/sh\necho chromium ${version}\n`));
  const tarBr = (name: string, files: Record<string, string>) => {
    const staging = join(dir, `staging-${name}`);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(staging, path, '..'), { recursive: true });
      writeFileSync(join(staging, path), text);
    }
    const tar = execFileSync('tar', ['-cf', '-', '-C', staging, ...Object.keys(files)]);
    writeFileSync(join(bin, `${name}.tar.br`), brotliCompressSync(tar));
  };
  tarBr('al2023', { 'lib/libnss3.so': 'nss' });
  tarBr('fonts', { 'fonts.conf': '<fontconfig><dir>/tmp/fonts</dir></fontconfig>', 'fonts/Sans.ttf': 'ttf' });
  return bin;
}

describe('inflateNpmChromium', () => {
  it('inflates the browser, its libraries and fonts once per version, and says how to start it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'npm-chromium-'));
    const cache = join(dir, 'cache');
    const browser = await inflateNpmChromium(fakePackage('1.0.0'), cache);

    const home = join(cache, '1.0.0');
    expect(browser).toEqual({
      executablePath: join(home, 'chromium'),
      env: { LD_LIBRARY_PATH: join(home, 'lib'), FONTCONFIG_PATH: home, LANG: 'en_US.UTF-8' },
    });
    expect(spawnSync(browser.executablePath, { encoding: 'utf8' }).stdout).toBe('chromium 1.0.0\n');
    expect(readFileSync(join(home, 'lib/libnss3.so'), 'utf8')).toBe('nss');
    // Its own fonts.conf, naming the fonts where they are (the package's names /tmp/fonts).
    const fontsConf = readFileSync(join(home, 'fonts.conf'), 'utf8');
    expect(fontsConf).toContain(`<dir>${join(home, 'fonts')}</dir>`);
    expect(fontsConf).not.toContain('/tmp/fonts');
    expect(existsSync(join(home, 'fonts/Sans.ttf'))).toBe(true);

    const inflatedAt = statSync(browser.executablePath).mtimeMs;
    await inflateNpmChromium(fakePackage('1.0.0'), cache);
    expect(statSync(browser.executablePath).mtimeMs).toBe(inflatedAt);

    const next = await inflateNpmChromium(fakePackage('2.0.0'), cache);
    expect(spawnSync(next.executablePath, { encoding: 'utf8' }).stdout).toBe('chromium 2.0.0\n');
  });

  it('inflates again over what a killed run left, never using half a browser', async () => {
    dir = mkdtempSync(join(tmpdir(), 'npm-chromium-'));
    const cache = join(dir, 'cache');
    // A run killed half-way: the folder exists, without its `complete` mark.
    mkdirSync(join(cache, '1.0.0'), { recursive: true });
    writeFileSync(join(cache, '1.0.0/chromium'), 'half');
    const browser = await inflateNpmChromium(fakePackage('1.0.0'), cache);
    expect(spawnSync(browser.executablePath, { encoding: 'utf8' }).stdout).toBe('chromium 1.0.0\n');
  });
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, then the npm package’s browser, then Debian’s, else none', async () => {
    dir = mkdtempSync(join(tmpdir(), 'npm-chromium-'));
    const debian = join(dir, 'debian-chromium');
    writeFileSync(debian, '');
    const npmBin = fakePackage('1.0.0');
    expect(await findChromium({ env: { CHROMIUM_PATH: debian }, npmBin, debianPath: debian })).toEqual({
      executablePath: debian,
      env: {},
    });
    const cacheRoot = join(dir, 'cache');
    expect(await findChromium({ env: {}, npmBin, debianPath: debian, cacheRoot })).toEqual({
      executablePath: join(cacheRoot, '1.0.0/chromium'),
      env: {
        LD_LIBRARY_PATH: join(cacheRoot, '1.0.0/lib'),
        FONTCONFIG_PATH: join(cacheRoot, '1.0.0'),
        LANG: 'en_US.UTF-8',
      },
    });
    expect(await findChromium({ env: {}, npmBin: null, debianPath: debian })).toEqual({
      executablePath: debian,
      env: {},
    });
    expect(await findChromium({ env: {}, npmBin: null, debianPath: join(dir, 'none') })).toBeUndefined();
  });

  it('refuses a CHROMIUM_PATH that names no file, saying so', async () => {
    await expect(findChromium({ env: { CHROMIUM_PATH: '/no/such/chromium' } })).rejects.toThrow(
      new NoChromiumError('CHROMIUM_PATH names no file: /no/such/chromium'),
    );
  });
});
