import { defineCommand } from '../command.js';
import { CLIENT, EVENT_ID, TO_URL } from '../command-options.js';
import { clientWithEvent, required } from '../normalise.js';
import { REPLAY_EDIT_OPTIONS, replayEdits } from '../replay-flags.js';

export const replayCommand = defineCommand({
  path: ['replay'],
  kind: 'client',
  summary: 'Re-send an event from the server to a URL, as captured or edited (needs a token).',
  description:
    'Re-send a captured event from the server to a URL and print the status code, latency and ' +
    'response body of the destination. Needs a token. The method, path, query, headers and body ' +
    'can be changed first, the signature recomputed (--resign), and the replay repeated (--repeat); ' +
    'the replay history keeps what was sent (docs/replay.md).',
  args: [EVENT_ID],
  options: {
    to: TO_URL,
    ...REPLAY_EDIT_OPTIONS,
    ...CLIENT,
  },
  examples: [
    'rehook replay evt_... --to http://localhost:3000/webhooks --token "$TOKEN"',
    'rehook replay evt_... --to https://staging.example.com/hooks --set-header "X-Debug: 1" --remove-header User-Agent --body @event.json --resign',
    'rehook replay evt_... --to https://staging.example.com/hooks --repeat 10 --json',
  ],
  normalise: (input) => ({
    ...clientWithEvent(input),
    to: required(input, 'to'),
    edits: replayEdits(input),
  }),
  load: () => import('./replay.js'),
});
