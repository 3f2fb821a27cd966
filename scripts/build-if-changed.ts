/**
 * `npm start`'s build step: builds the web app only when its sources changed since the last build, in one
 * line of output (Vite's own report, some 700 lines, is printed only when the build fails). The sources'
 * fingerprint is kept beside the build; `npm run build` writes it too (`--stamp`), so a build made by hand
 * or by the tests counts, and a checkout of other sources is seen.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'package-lock.json',
];
const OUTPUTS = ['apps/web/dist/index.html', 'apps/web/dist-ssr'];
const STAMP = 'apps/web/dist/.sources-sha256';

function* files(relative: string): Generator<string> {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  if (!statSync(absolute).isDirectory()) {
    yield relative;
    return;
  }
  for (const name of readdirSync(absolute).sort()) yield* files(path.join(relative, name));
}

function fingerprint(): string {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    for (const file of files(source))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

function built(sources: string): boolean {
  const stamp = path.join(root, STAMP);
  return OUTPUTS.every((output) => existsSync(path.join(root, output))) && existsSync(stamp)
    ? readFileSync(stamp, 'utf8') === sources
    : false;
}

function build(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

const sources = fingerprint();
if (process.argv.includes('--stamp')) {
  writeFileSync(path.join(root, STAMP), sources);
} else if (built(sources)) {
  console.log('web app: up to date, not built');
} else {
  const started = performance.now();
  const ticker = process.stdout.isTTY
    ? setInterval(() => {
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        process.stdout.write(`\rweb app: building, its sources changed… ${seconds} s`);
      }, 1000)
    : undefined;
  const { code, output } = await build();
  clearInterval(ticker);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (code !== 0) {
    process.stdout.write(`${ticker ? '\r' : ''}web app: the build failed after ${seconds} s:\n${output}\n`);
    process.exit(code);
  }
  process.stdout.write(`${ticker ? '\r' : ''}web app: built in ${seconds} s${' '.repeat(20)}\n`);
}
