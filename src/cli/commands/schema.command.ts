import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { UsageError } from '../exit.js';
import { arg, clientWithInbox, str } from '../normalise.js';

const FORMATS = ['json', 'typescript', 'zod'] as const;

export const schemaCommand = defineCommand({
  path: ['schema'],
  kind: 'client',
  summary: "Print an event type's schema inferred from its captured bodies (docs/insight.md).",
  args: [INBOX_ID, { name: 'eventType', description: 'The event type, as `rehook types` lists it.' }],
  options: {
    ...CLIENT,
    format: {
      type: 'string',
      value: 'format',
      description: 'json (JSON Schema 2020-12), typescript or zod.',
      default: 'json',
    },
  },
  normalise: (input) => {
    const format = str(input, 'format') ?? 'json';
    const known = FORMATS.find((f) => f === format);
    if (known === undefined) throw new UsageError('--format must be json, typescript or zod', input.path);
    return { ...clientWithInbox(input), eventType: arg(input, 1), format: known };
  },
  examples: ['rehook schema inb_... charge.succeeded --format typescript > charge.ts'],
  load: () => import('./schema.js'),
});
