import { TEAM_ROLES } from '../../domain/team.js';
import { defineCommand } from '../command.js';
import { CLIENT } from '../command-options.js';
import type { ArgDef, OptionDef, ParsedInput } from '../command.js';
import { UsageError } from '../exit.js';
import { arg, clientOptions, positiveInt, required } from '../normalise.js';

// `rehook teams ...`: teams, members, roles and invitation links (docs/teams.md).

const TEAM_ID: ArgDef = { name: 'teamId', description: 'Id of the team (tem_...).' };
const ACCOUNT_ID: ArgDef = { name: 'accountId', description: "The member's account id (acc_...)." };
const ROLE: OptionDef = {
  type: 'string',
  value: 'role',
  required: true,
  description: `The role: ${TEAM_ROLES.join(', ')}.`,
};

function role(input: ParsedInput): string {
  const value = required(input, 'role');
  if (!(TEAM_ROLES as readonly string[]).includes(value)) {
    throw new UsageError(`--role must be one of ${TEAM_ROLES.join(', ')}`, input.path);
  }
  return value;
}

const withTeam = (input: ParsedInput) => ({ ...clientOptions(input), teamId: arg(input, 0) });

export const teamsListCommand = defineCommand({
  path: ['teams', 'list'],
  kind: 'client',
  summary: 'List your teams with your role in each.',
  args: [],
  options: CLIENT,
  normalise: clientOptions,
  load: async () => ({ run: (await import('./teams.js')).runList }),
});

export const teamsCreateCommand = defineCommand({
  path: ['teams', 'create'],
  kind: 'client',
  summary: 'Create a team; you are its owner.',
  args: [{ name: 'name', description: 'The team name (1 to 100 printable characters).' }],
  options: CLIENT,
  examples: ['rehook teams create Payments --token "$TOKEN"'],
  normalise: (input) => ({ ...clientOptions(input), name: arg(input, 0) }),
  load: async () => ({ run: (await import('./teams.js')).runCreate }),
});

export const teamsMembersCommand = defineCommand({
  path: ['teams', 'members'],
  kind: 'client',
  summary: "List a team's members with their roles.",
  args: [TEAM_ID],
  options: CLIENT,
  normalise: withTeam,
  load: async () => ({ run: (await import('./teams.js')).runMembers }),
});

export const teamsInviteCommand = defineCommand({
  path: ['teams', 'invite'],
  kind: 'client',
  summary: 'Create an invitation link to the team with a role (admins and owners).',
  description:
    'Print the URL of an invitation link (its token is shown this once). The link works once, for 7 days ' +
    'by default, and never for a role above your own.',
  args: [TEAM_ID],
  options: {
    ...CLIENT,
    role: ROLE,
    'expires-in-hours': {
      type: 'string',
      value: 'hours',
      description: 'Hours the link works (1 to 720, default 168).',
    },
  },
  examples: ['rehook teams invite tem_... --role viewer --token "$TOKEN"'],
  normalise: (input) => ({
    ...withTeam(input),
    role: role(input),
    expiresInHours: positiveInt(input, 'expires-in-hours'),
  }),
  load: async () => ({ run: (await import('./teams.js')).runInvite }),
});

export const teamsRoleCommand = defineCommand({
  path: ['teams', 'role'],
  kind: 'client',
  summary: "Change a member's role (admins and owners).",
  args: [TEAM_ID, ACCOUNT_ID],
  options: { ...CLIENT, role: ROLE },
  examples: ['rehook teams role tem_... acc_... --role member --token "$TOKEN"'],
  normalise: (input) => ({ ...withTeam(input), accountId: arg(input, 1), role: role(input) }),
  load: async () => ({ run: (await import('./teams.js')).runRole }),
});

export const teamsRemoveCommand = defineCommand({
  path: ['teams', 'remove'],
  kind: 'client',
  summary: 'Remove a member from a team, or leave it with your own account id.',
  description: 'The team keeps its inboxes. The last owner cannot leave: make another member owner first.',
  args: [TEAM_ID, ACCOUNT_ID],
  options: CLIENT,
  normalise: (input) => ({ ...withTeam(input), accountId: arg(input, 1) }),
  load: async () => ({ run: (await import('./teams.js')).runRemove }),
});
