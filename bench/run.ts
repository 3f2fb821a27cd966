import fs from 'node:fs';
import os from 'node:os';
import { table, type Figures } from './lib.ts';
import { platformScenarios } from './scenarios/platform.ts';

/**
 * npm run bench: every capability's scenarios beside a baseline measured in the same run.
 * BENCH_SECONDS sets each measurement's length; DATABASE_URL runs the app on PostgreSQL.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const databaseUrl = process.env.DATABASE_URL || undefined;

const sections: [string, Figures[]][] = [['Platform', await platformScenarios({ seconds, databaseUrl })]];

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const report = [
  `# Benchmark ${new Date().toISOString()}`,
  '',
  `Machine: ${machine}. Database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}. ${seconds} s per scenario.`,
  ...sections.flatMap(([name, rows]) => ['', `## ${name}`, '', table(rows)]),
  '',
].join('\n');

console.log(report);
fs.mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
fs.writeFileSync(new URL('./results/latest.md', import.meta.url), report);
