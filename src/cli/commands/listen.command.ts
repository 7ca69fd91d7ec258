import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID, JSON_OUTPUT } from '../command-options.js';
import { LISTEN_OPTIONS, normaliseListen } from '../listen/options.js';

export const listenCommand = defineCommand({
  path: ['listen'],
  kind: 'client',
  summary: 'Forward the events of an inbox to a local server as they arrive.',
  description:
    'Follow an inbox and send every new event to a local server (no tunnel: the listener calls the ' +
    'Rehook server, your server only gets requests from it) with the original method, sub-path, query, ' +
    'headers and exact body bytes. One line per event: capture time, method, path, local status and ' +
    'latency. Reconnects by itself after a drop and resumes where it stopped, also after a restart: ' +
    'the position is saved per server, inbox and --forward-to targets in the user state directory ' +
    '(REHOOK_STATE_DIR, else $XDG_STATE_HOME/rehook, else ~/.local/state/rehook). An event the local ' +
    'server refuses with 5xx, or cannot take, is retried --retries times, then given up on (the position ' +
    'moves on). Ctrl-C (or SIGTERM) stops it: the delivery in progress finishes (at most --stop-timeout) ' +
    'and is recorded, then it prints how far it delivered and exits 0; a second Ctrl-C abandons the ' +
    'delivery and exits at once with 130. Exit 1: the token or the inbox was refused. See docs/listen.md.',
  args: [INBOX_ID],
  options: {
    ...LISTEN_OPTIONS,
    ...CLIENT,
    json: {
      ...JSON_OUTPUT,
      description: 'One JSON object per line (each delivery attempt, each skipped event, the summary at the end).',
    },
  },
  examples: [
    'rehook listen inb_... --forward-to http://localhost:3000/webhooks',
    'rehook listen inb_... --since 2h --forward-to /stripe=http://localhost:3000/stripe --forward-to /github=http://localhost:4000/gh',
    'rehook listen inb_... --forward-to http://localhost:3000/hooks --only-method POST --timeout 0 --print-body',
  ],
  normalise: normaliseListen,
  load: () => import('./listen.js'),
});
