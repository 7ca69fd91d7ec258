// The machine a run is measured on, recorded with its results.
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Machine } from './results.js';

function packageVersion(repo: string, name: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '?';
  } catch {
    return '?';
  }
}

export function describeMachine(repo: string): Machine {
  const cpu = cpus();
  const db = new Database(':memory:');
  const sqlite = db.prepare<[], { v: string }>('SELECT sqlite_version() AS v').get()?.v ?? '?';
  db.close();
  return {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryBytes: totalmem(),
    os: `${type()} ${release()}`,
    node: process.version,
    sqlite,
    betterSqlite3: packageVersion(repo, 'better-sqlite3'),
    autocannon: packageVersion(repo, 'autocannon'),
    loadAverageBefore: loadavg().map((v) => Math.round(v * 100) / 100),
    loadAverageAfter: [],
  };
}
