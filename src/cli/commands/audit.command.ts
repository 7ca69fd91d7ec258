import { AUDIT_ACTIONS } from '../../domain/audit.js';
import { defineCommand } from '../command.js';
import { CLIENT } from '../command-options.js';
import { UsageError } from '../exit.js';
import { clientOptions, positiveInt, str } from '../normalise.js';

// `rehook audit`: one's own audit log, or a team's (docs/teams.md, "Audit log").

export const auditCommand = defineCommand({
  path: ['audit'],
  kind: 'client',
  summary: 'Show your audit log, or a team’s (--team, owners and admins), newest first.',
  description:
    'Prints one page of entries: when, action, outcome, actor, address, target and detail. When older ' +
    'entries remain, the last line gives the --before of the next page.',
  args: [],
  options: {
    ...CLIENT,
    team: { type: 'string', value: 'teamId', description: "A team's log instead of your own (tem_...)." },
    action: { type: 'string', value: 'action', description: `Only this action: ${AUDIT_ACTIONS.join(', ')}.` },
    actor: { type: 'string', value: 'id', description: 'Only entries by this account, token or sharing link.' },
    limit: { type: 'string', value: 'n', description: 'Entries on the page (1 to 200, default 50).' },
    before: { type: 'string', value: 'aud_...', description: 'Only entries older than this one (the next page).' },
  },
  examples: ['rehook audit --token "$TOKEN"', 'rehook audit --team tem_... --action replay --token "$TOKEN"'],
  normalise: (input) => {
    const action = str(input, 'action');
    if (action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(action)) {
      throw new UsageError(`--action must be one of ${AUDIT_ACTIONS.join(', ')}`, input.path);
    }
    return {
      ...clientOptions(input),
      teamId: str(input, 'team'),
      action,
      actor: str(input, 'actor'),
      limit: positiveInt(input, 'limit'),
      before: str(input, 'before'),
    };
  },
  load: () => import('./audit.js'),
});
