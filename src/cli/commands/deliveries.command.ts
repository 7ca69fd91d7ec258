import { defineCommand } from '../command.js';
import { CLIENT, EVENT_ID } from '../command-options.js';
import { clientWithEvent } from '../normalise.js';

export const deliveriesCommand = defineCommand({
  path: ['deliveries'],
  kind: 'client',
  summary: 'Show how an event was forwarded: its delivery and every attempt.',
  description:
    "Show the delivery of an event to its inbox's forwarding destination: its state and every attempt " +
    '(time, outcome, status, latency, error). With --retry, queue it again: a failed, cancelled or ' +
    'delivered delivery gets a new round of attempts, and an event stored before forwarding was set gets one.',
  args: [EVENT_ID],
  options: {
    retry: { type: 'boolean', description: "Queue the event's delivery again instead of showing it." },
    ...CLIENT,
  },
  examples: ['rehook deliveries evt_... --token "$TOKEN"', 'rehook deliveries evt_... --retry'],
  normalise: (input) => ({ ...clientWithEvent(input), retry: input.values['retry'] === true }),
  load: () => import('./deliveries.js'),
});
