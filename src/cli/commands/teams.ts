import type { TeamRole } from '../../client/index.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { json, keyValues, table } from '../format.js';
import type { CliIO } from '../io.js';

/** `rehook teams list`: the caller's teams with its role. */
export async function runList(options: ClientOptions, io: CliIO): Promise<void> {
  const teams = await clientFor(options).teams();
  if (options.json) return io.stdout(json({ teams }));
  if (teams.length === 0) return io.stdout('No teams.');
  io.stdout(
    table(
      ['ID', 'NAME', 'ROLE'],
      teams.map((team) => [team.id, team.name, team.role]),
    ),
  );
}

/** `rehook teams create <name>`. */
export async function runCreate(options: ClientOptions & { readonly name: string }, io: CliIO): Promise<void> {
  const team = await clientFor(options).createTeam(options.name);
  if (options.json) return io.stdout(json({ team }));
  io.stdout(
    keyValues([
      ['id', team.id],
      ['name', team.name],
      ['role', team.role],
    ]),
  );
}

/** `rehook teams members <teamId>`. */
export async function runMembers(options: ClientOptions & { readonly teamId: string }, io: CliIO): Promise<void> {
  const members = await clientFor(options).teamMembers(options.teamId);
  if (options.json) return io.stdout(json({ members }));
  io.stdout(
    table(
      ['ACCOUNT', 'EMAIL', 'ROLE', 'JOINED'],
      members.map((member) => [member.accountId, member.email, member.role, member.joinedAt]),
    ),
  );
}

/** `rehook teams invite <teamId> --role <role>`: prints the link, shown this once. */
export async function runInvite(
  options: ClientOptions & {
    readonly teamId: string;
    readonly role: string;
    readonly expiresInHours: number | undefined;
  },
  io: CliIO,
): Promise<void> {
  const invitation = await clientFor(options).createTeamInvitation(options.teamId, {
    role: options.role as TeamRole,
    ...(options.expiresInHours === undefined ? {} : { expiresInHours: options.expiresInHours }),
  });
  const url = options.server + invitation.path;
  if (options.json) return io.stdout(json({ invitation: { ...invitation, url } }));
  io.stdout(
    keyValues([
      ['id', invitation.id],
      ['url', url],
      ['role', invitation.role],
      ['expires', invitation.expiresAt],
    ]),
  );
  io.stderr('The link works once, until it expires. It is not shown again.');
}

/** `rehook teams role <teamId> <accountId> --role <role>`. */
export async function runRole(
  options: ClientOptions & { readonly teamId: string; readonly accountId: string; readonly role: string },
  io: CliIO,
): Promise<void> {
  const member = await clientFor(options).setTeamMemberRole(
    options.teamId,
    options.accountId,
    options.role as TeamRole,
  );
  if (options.json) return io.stdout(json({ member }));
  io.stdout(`${member.email} is now ${member.role}.`);
}

/** `rehook teams remove <teamId> <accountId>`. */
export async function runRemove(
  options: ClientOptions & { readonly teamId: string; readonly accountId: string },
  io: CliIO,
): Promise<void> {
  await clientFor(options).removeTeamMember(options.teamId, options.accountId);
  if (options.json) return io.stdout(json({ removed: options.accountId }));
  io.stdout(`Removed ${options.accountId} from ${options.teamId}.`);
}
