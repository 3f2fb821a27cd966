import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { expect } from 'vitest';
import { eventually } from './helpers.ts';

/** A port nobody listens on now. */
export async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

async function answering(url: string) {
  return eventually(
    () =>
      fetch(url).then(
        (response) => response.ok,
        () => false,
      ),
    (ok) => ok,
    120_000,
  );
}

/**
 * The server of `npm start`, in a process of its own, on a test's database (persistentDatabase's
 * env), so a test can kill it (SIGKILL: a crash) or stop it (SIGTERM) and restart on the same data. It runs
 * no jobs (JOB_CONCURRENCY=0) unless `overrides` say otherwise: whatever it commits waits in the outbox until
 * the process is killed.
 */
export async function serverProcess(env: Record<string, string>, overrides: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [new URL('../src/main.ts', import.meta.url).pathname], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOB_CONCURRENCY: '0',
      WEB_DIST: '/nonexistent',
      ...overrides,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()));
  // The log, one JSON object a line (LOG_LEVEL in env decides how much), for tests that wait for an entry.
  const waiting: { match: (entry: Record<string, unknown>) => boolean; resolve: () => void }[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue;
      }
      for (const waiter of waiting.filter((candidate) => candidate.match(entry))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  const base = `http://127.0.0.1:${port}`;
  expect(await answering(`${base}/api/v1/front/exchange_rates`), `the server did not answer: ${errors}`).toBe(true);
  return {
    base,
    child,
    /** Resolves when the server logs an entry that matches. */
    logged(match: (entry: Record<string, unknown>) => boolean) {
      return new Promise<void>((resolve) => waiting.push({ match, resolve }));
    },
    /** Sends SIGTERM (a deployment's stop) and answers the exit code once the process is gone. */
    async terminate(): Promise<number | null> {
      const exited = child.exitCode === null && child.signalCode === null ? once(child, 'exit') : undefined;
      child.kill('SIGTERM');
      await exited;
      return child.exitCode;
    },
    /** Kills the process as a crash would, and waits until it is gone. */
    async crash() {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    },
  };
}
