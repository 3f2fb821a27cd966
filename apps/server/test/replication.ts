import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withAdmin } from './helpers.ts';
import { freePort } from './server-process.ts';

/**
 * A PostgreSQL primary and a real streaming replica of it, started by a test and stopped by it (decision 060):
 * `initdb` into a temporary directory, `pg_basebackup -R` for the replica, both on free ports of 127.0.0.1. Run
 * as root (CI), the server binaries run as the `postgres` system user: PostgreSQL refuses to run as root.
 */

const run = promisify(execFile);

/** The server binaries' directory (`pg_config --bindir`), or null when this machine has none. */
export function postgresBinaries(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    const needed = ['initdb', 'pg_ctl', 'pg_basebackup'];
    return needed.every((name) => fs.existsSync(path.join(dir, name))) ? dir : null;
  } catch {
    return null;
  }
}

/** Who the binaries run as: this process, or the `postgres` system user when this process is root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export type ReplicatedPair = {
  primaryUrl: string;
  replicaUrl: string;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops or restarts applying the primary's changes on the replica (it keeps answering reads). */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopReplica(): Promise<void>;
  /** Stops both servers and removes their directories; safe to call after a failed start. */
  stop(): Promise<void>;
};

export async function startReplicatedPair(bindir: string): Promise<ReplicatedPair> {
  const user = serverUser();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-replica-'));
  if (user) fs.chownSync(base, user.uid, user.gid);
  const primaryDir = path.join(base, 'primary');
  const replicaDir = path.join(base, 'replica');
  const bin = (name: string, args: string[]) =>
    run(path.join(bindir, name), args, { cwd: base, ...user, env: { ...process.env, LC_ALL: 'C' } });
  const started: string[] = [];
  const stopServer = async (dir: string) => {
    if (!started.includes(dir)) return;
    started.splice(started.indexOf(dir), 1);
    await bin('pg_ctl', ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120']).catch(() =>
      bin('pg_ctl', ['stop', '-D', dir, '-m', 'immediate', '-w', '-t', '60']).catch(() => {}),
    );
  };
  const stop = async () => {
    await stopServer(replicaDir);
    await stopServer(primaryDir);
    fs.rmSync(base, { recursive: true, force: true });
  };
  const startServer = async (dir: string, name: string) => {
    await bin('pg_ctl', ['start', '-D', dir, '-w', '-t', '300', '-l', path.join(base, `${name}.log`)]);
    started.push(dir);
  };
  const settings = (port: number) =>
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${base}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'fsync = off',
      'shared_buffers = 16MB',
      '',
    ].join('\n');
  const primaryPort = await freePort();
  let replicaPort = await freePort();
  while (replicaPort === primaryPort) replicaPort = await freePort();
  try {
    await bin('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), settings(primaryPort));
    fs.appendFileSync(path.join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
    await startServer(primaryDir, 'primary');
    await bin('pg_basebackup', [
      ...['-D', replicaDir, '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'],
    ]);
    // The copy carries the primary's settings; the replica differs by its port (the last setting wins).
    fs.appendFileSync(path.join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
    await startServer(replicaDir, 'replica');
  } catch (error) {
    await stop();
    throw error;
  }
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  const onReplica = (statement: string, values: unknown[] = []) =>
    withAdmin(replicaUrl, (client) => client.query(statement, values));
  return {
    primaryUrl,
    replicaUrl,
    async caughtUp() {
      const written = await withAdmin(primaryUrl, (client) => client.query('select pg_current_wal_lsn()::text as lsn'));
      const lsn = (written.rows[0] as { lsn: string }).lsn;
      for (;;) {
        const replayed = await onReplica('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
        if ((replayed.rows[0] as { done: boolean }).done) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    pauseReplay: async () => void (await onReplica('select pg_wal_replay_pause()')),
    resumeReplay: async () => void (await onReplica('select pg_wal_replay_resume()')),
    stopReplica: () => stopServer(replicaDir),
    stop,
  };
}
