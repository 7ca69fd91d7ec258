// Fallback server process for the benchmark, used only when the `rehook` CLI
// (dist/src/cli/index.js) is not built: it starts Rehook exactly as `rehook serve` would (same
// configuration loading, same startRehook) and prints the bound URLs as its first stdout line.
// Usage: node dist/bench/rehook-server.js --port 0 --ingest-port 0 --data-dir <dir>
import { loadConfig } from '../src/config/load.js';
import { startRehook } from '../src/server.js';

function parseFlags(argv: readonly string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) flags[arg.slice(2, eq)] = arg.slice(eq + 1);
    else {
      i += 1;
      flags[arg.slice(2)] = argv[i] ?? '';
    }
  }
  return flags;
}

const config = loadConfig(process.env, parseFlags(process.argv.slice(2)));
const running = await startRehook(config);
process.stdout.write(
  `${JSON.stringify({ msg: `Rehook API on ${running.apiUrl}, ingest on ${running.ingestUrl}`, apiUrl: running.apiUrl, ingestUrl: running.ingestUrl })}\n`,
);
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  // A normal exit (not a kill) lets `node --cpu-prof` write its profile.
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
