import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { clientWithInbox, required } from '../normalise.js';

export const alertsListCommand = defineCommand({
  path: ['alerts', 'list'],
  kind: 'client',
  summary: "List a saved inbox's alert rules (needs its owner).",
  description: '--json prints what --file of `alerts set` takes.',
  args: [INBOX_ID],
  options: CLIENT,
  normalise: (input) => ({ ...clientWithInbox(input), action: 'list' as const }),
  load: () => import('./alerts.js'),
});

export const alertsSetCommand = defineCommand({
  path: ['alerts', 'set'],
  kind: 'client',
  summary: "Replace a saved inbox's alert rules with the ones of a JSON file.",
  description:
    'Replace every alert rule of a saved inbox. The file holds a JSON array of rules, or an object with ' +
    '`rules` (what `alerts list --json` prints). Each rule: name, kind (event, signature, drift or ' +
    'forwarding), url, and as needed filter (kind event: the search filter of `rehook events`, as a query ' +
    'string), failures (kind forwarding), format (json or slack), enabled, quietHours {start, end, ' +
    'timeZone}, rateLimit {max, windowSeconds} (docs/insight.md, "Alerts").',
  args: [INBOX_ID],
  options: {
    file: {
      type: 'string',
      value: 'path',
      description: 'JSON file with the rules (- reads standard input).',
    },
    ...CLIENT,
  },
  examples: [
    'rehook alerts set inb_... --file alerts.json --token "$TOKEN"',
    "rehook alerts list inb_... --json | jq '.rules[0].enabled = false' | rehook alerts set inb_... --file -",
  ],
  normalise: (input) => ({ ...clientWithInbox(input), action: 'set' as const, file: required(input, 'file') }),
  load: () => import('./alerts.js'),
});

export const alertsDeleteCommand = defineCommand({
  path: ['alerts', 'delete'],
  kind: 'client',
  summary: 'Remove every alert rule of a saved inbox; cancels the notifications not sent yet.',
  args: [INBOX_ID],
  options: CLIENT,
  normalise: (input) => ({ ...clientWithInbox(input), action: 'delete' as const }),
  load: () => import('./alerts.js'),
});

export const alertsDeliveriesCommand = defineCommand({
  path: ['alerts', 'deliveries'],
  kind: 'client',
  summary: "Show a saved inbox's recent alert notifications and how each was delivered.",
  args: [INBOX_ID],
  options: CLIENT,
  normalise: (input) => ({ ...clientWithInbox(input), action: 'deliveries' as const }),
  load: () => import('./alerts.js'),
});
