import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Runs `npm start` until the server says it is serving, and answers what it printed before that. */
function startUntilServing(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['start'], {
      cwd: root,
      // A server of its own: any free port, an in-memory database, no demo data to load.
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: 'memory://', DEMO_DATA: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('TradeLoop is serving')) return;
      process.kill(-child.pid!, 'SIGTERM');
      resolve(output.slice(0, output.indexOf('TradeLoop is serving')).split('\n'));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (!output.includes('TradeLoop is serving')) reject(new Error(`npm start ended (${code}):\n${output}`));
    });
  });
}

describe('npm start (issue 42)', () => {
  it('on an unchanged tree starts without building, in under 40 lines before it serves', async () => {
    // The run's global setup built the web app by `npm run build`, which stamps its sources.
    const lines = await startUntilServing();
    expect(lines.join('\n')).toContain('web app: up to date, not built');
    expect(lines.join('\n')).not.toMatch(/vite|building|✓ \d+ modules transformed/i);
    expect(lines.length).toBeLessThan(40);
  });
});
