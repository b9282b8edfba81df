import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../shared/paths.ts';
import { spawnManaged, waitForHttp } from '../shared/processes.ts';

/** The installed versions a bare page is built with (read from the installed packages). */
export interface NextVersions {
  next: string;
  react: string;
  reactDom: string;
}

function installedVersion(name: string): string {
  const file = join(repoRoot, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

export function installedNextVersions(): NextVersions {
  return {
    next: installedVersion('next'),
    react: installedVersion('react'),
    reactDom: installedVersion('react-dom'),
  };
}

const files: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'bench-bare-next', private: true, type: 'module' }, null, 2),
  'app/layout.tsx': `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <title>Bare Next.js page</title>
        <meta name="description" content="A bare Next.js page, the baseline of npm run bench" />
      </head>
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.tsx': `export default function Page() {
  return <h1>A bare Next.js page</h1>;
}
`,
};

/**
 * A minimal App Router app (a layout and a page with a heading), built with the repo's installed next,
 * react and react-dom (its node_modules is a link to the repo's) and served by `next start`: the
 * baseline the portal's page weight is compared with (decision 0053).
 */
export async function startBareNext(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = join(repoRoot, '.data/bench-bare-next');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'app'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const next = join(repoRoot, 'node_modules/next/dist/bin/next');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  const build = spawnSync(process.execPath, [next, 'build'], { cwd: dir, env, encoding: 'utf8' });
  if (build.status !== 0)
    throw new Error(`next build of the bare page failed:\n${build.stdout}${build.stderr}`);
  const server = spawnManaged({
    name: 'bare Next.js',
    command: process.execPath,
    args: [next, 'start', '--port', String(port)],
    cwd: dir,
    env,
    output: 'collect',
  });
  const url = `http://localhost:${port}`;
  try {
    await waitForHttp(`${url}/`, server);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n${server.output()}`, { cause: error });
  }
  return { url, stop: server.stop };
}
