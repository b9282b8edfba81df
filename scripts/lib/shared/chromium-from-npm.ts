import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { repoRoot } from './paths.ts';

/**
 * The headless Chromium that the `@sparticuz/chromium` package ships in the npm registry (decision 0073):
 * brotli-compressed files in its `bin/`, the browser (chrome-headless-shell) with the NSS libraries it
 * needs and a font, so a machine with no browser installed runs the tests after `npm ci`. Inflated once
 * per package version into node_modules/.cache (which `npm ci` clears), through a scratch folder renamed
 * into place, so a run killed half-way never leaves half a browser behind.
 */
export interface NpmChromium {
  executablePath: string;
  /** For the browser's process: its libraries and fonts. */
  env: Record<string, string>;
}

const packageName = '@sparticuz/chromium';

/** The package's `bin/` folder, or undefined when it is not installed. */
export function npmChromiumBinDir(): string | undefined {
  try {
    // Its exports name only its entry (build/index.js); bin/ sits beside build/.
    const entry = createRequire(join(repoRoot, 'package.json')).resolve(packageName);
    const bin = join(dirname(entry), '..', 'bin');
    return existsSync(join(bin, 'chromium.br')) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** Inflates the package's browser (once) and says how to start it. */
export async function inflateNpmChromium(
  binDir: string,
  cacheRoot = join(repoRoot, 'node_modules/.cache/chromium'),
): Promise<NpmChromium> {
  const version = versionOf(binDir);
  const dir = join(cacheRoot, version);
  if (!existsSync(join(dir, 'complete'))) {
    const scratch = `${dir}.partial-${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    await inflate(join(binDir, 'chromium.br'), join(scratch, 'chromium'));
    // Its NSS libraries (built for Amazon Linux 2023, which Debian's glibc runs) and Open Sans.
    await untar(join(binDir, 'al2023.tar.br'), scratch);
    await untar(join(binDir, 'fonts.tar.br'), scratch);
    // Its fonts.conf names /tmp/fonts; this one names the folder here.
    writeFileSync(
      join(scratch, 'fonts.conf'),
      `<?xml version="1.0"?>\n<fontconfig>\n  <dir>${join(dir, 'fonts')}</dir>\n  <cachedir>${join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    writeFileSync(join(scratch, 'complete'), `${packageName} ${version}\n`);
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(scratch, dir);
    } catch (error) {
      // Another process got there first: theirs is as good.
      rmSync(scratch, { recursive: true, force: true });
      if (!existsSync(join(dir, 'complete'))) throw error;
    }
  }
  return {
    executablePath: join(dir, 'chromium'),
    env: {
      LD_LIBRARY_PATH: join(dir, 'lib'),
      FONTCONFIG_PATH: dir,
      // Under a C or POSIX locale this build says navigator.language is en-US@posix, which Intl refuses;
      // Debian's says en-US. Read from the variable alone: the system needs no such locale installed.
      LANG: 'en_US.UTF-8',
    },
  };
}

function versionOf(binDir: string): string {
  return (JSON.parse(readFileSync(join(binDir, '..', 'package.json'), 'utf8')) as { version: string })
    .version;
}

async function inflate(source: string, target: string): Promise<void> {
  await pipeline(
    createReadStream(source),
    createBrotliDecompress(),
    createWriteStream(target, { mode: 0o755 }),
  );
}

/** A brotli-compressed tar into `dir`, by the system's tar (every Debian has it). */
async function untar(source: string, dir: string): Promise<void> {
  const tarFile = join(dir, 'unpacking.tar');
  await inflate(source, tarFile);
  const result = spawnSync('tar', ['-xf', tarFile, '-C', dir], { encoding: 'utf8' });
  rmSync(tarFile, { force: true });
  if (result.status !== 0) throw new Error(`unpacking ${source} failed: ${result.stderr || result.error}`);
}
