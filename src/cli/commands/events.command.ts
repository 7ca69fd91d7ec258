import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { EVENT_LIST_FILTER_OPTIONS, eventListFilter } from '../filter-options.js';
import { clientWithInbox, positiveInt, str } from '../normalise.js';

export const eventsCommand = defineCommand({
  path: ['events'],
  kind: 'client',
  summary: 'List the events of an inbox, newest first.',
  description:
    'Newest first. With filters (docs/search.md) only matching events are listed; they combine with each other and with ' +
    '--before. A filtered page looks at up to 100,000 events, so it may show fewer than --limit events and ' +
    'still print the command for the next page.',
  args: [INBOX_ID],
  options: {
    limit: { type: 'string', value: 'n', description: 'Events per page (1 to 1000).', default: '50' },
    before: {
      type: 'string',
      value: 'eventId',
      description: 'Only events older than this one (the next page).',
    },
    ...EVENT_LIST_FILTER_OPTIONS,
    ...CLIENT,
  },
  examples: [
    'rehook events inb_... --limit 20',
    'rehook events inb_... --json | jq -r ".events[].id"',
    'rehook events inb_... --method POST --path /stripe --json-field data.object.status=paid',
    'rehook events inb_... --search cus_42 --since 2026-01-01',
  ],
  normalise: (input) => ({
    ...clientWithInbox(input),
    limit: positiveInt(input, 'limit'),
    before: str(input, 'before'),
    filter: eventListFilter(input),
  }),
  load: () => import('./events.js'),
});
