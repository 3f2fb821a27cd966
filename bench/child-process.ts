import { spawn, type ChildProcess } from 'node:child_process';
import project from '../package.json' with { type: 'json' };

/**
 * glibc's allocator as `npm start` sets it (package.json's config, decision 028): blocks of 1 MiB and
 * more are mapped and returned on free, so a sign-in's 16 MiB of scrypt memory is not kept by each
 * thread's arena.
 */
const SERVER_ALLOCATOR = { GLIBC_TUNABLES: project.config.glibc_tunables };

/**
 * Servers a benchmark drives run in processes of their own, as in production: the load generator
 * must not share their event loop. A child prints "ready" (and what the parent needs) once it listens.
 */
export function startChild(
  script: URL,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; announced: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script.pathname], {
      env: { ...process.env, ...SERVER_ALLOCATOR, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve({ child, announced: output.trim() });
    });
    child.once('exit', (code) => reject(new Error(`${script.pathname} exited with ${code}`)));
  });
}

export function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}
