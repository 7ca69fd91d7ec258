import { defineCommand } from '../command.js';
import { SERVE_OPTIONS } from '../setting-flags.js';
import { str } from '../normalise.js';

export const serveCommand = defineCommand({
  path: ['serve'],
  kind: 'server',
  summary: 'Run the REST API and the ingest listener.',
  description:
    'Run the REST API and the ingest listener (two ports). Every setting can be given as a flag or as ' +
    'its environment variable; flags win. The first log line on stdout gives the bound URLs. SIGINT or ' +
    'SIGTERM shuts down gracefully; a second signal exits at once.',
  args: [],
  options: SERVE_OPTIONS,
  examples: [
    'rehook serve',
    'rehook serve --port 0 --ingest-port 0 --data-dir /tmp/rehook',
    'REHOOK_ANON_TTL=1h rehook serve --host 0.0.0.0',
  ],
  normalise: (input) => ({
    flags: Object.fromEntries(Object.keys(SERVE_OPTIONS).map((flag) => [flag, str(input, flag)])),
  }),
  load: () => import('./serve.js'),
});
