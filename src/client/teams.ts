import { type ApiTransport, id } from './transport.js';
import type {
  CreatedTeamInvitation,
  Inbox,
  Team,
  TeamInvitation,
  TeamInvitationPreview,
  TeamMember,
  TeamRole,
} from './types.js';

// Teams, members, invitations and team inboxes (docs/teams.md).

export async function listTeams(api: ApiTransport): Promise<Team[]> {
  return (await api.data('GET', '/api/v1/teams', 'teams')) as Team[];
}

export async function createTeam(api: ApiTransport, name: string): Promise<Team> {
  return (await api.data('POST', '/api/v1/teams', 'team', { name })) as Team;
}

export async function getTeam(api: ApiTransport, teamId: string): Promise<Team> {
  return (await api.data('GET', `/api/v1/teams/${id(teamId)}`, 'team')) as Team;
}

export async function renameTeam(api: ApiTransport, teamId: string, name: string): Promise<Team> {
  return (await api.data('PATCH', `/api/v1/teams/${id(teamId)}`, 'team', { name })) as Team;
}

export async function deleteTeam(api: ApiTransport, teamId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/teams/${id(teamId)}`);
}

export async function listMembers(api: ApiTransport, teamId: string): Promise<TeamMember[]> {
  return (await api.data('GET', `/api/v1/teams/${id(teamId)}/members`, 'members')) as TeamMember[];
}

export async function setMemberRole(
  api: ApiTransport,
  teamId: string,
  accountId: string,
  role: TeamRole,
): Promise<TeamMember> {
  const path = `/api/v1/teams/${id(teamId)}/members/${id(accountId)}`;
  return (await api.data('PATCH', path, 'member', { role })) as TeamMember;
}

export async function removeMember(api: ApiTransport, teamId: string, accountId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/teams/${id(teamId)}/members/${id(accountId)}`);
}

export async function createInvitation(
  api: ApiTransport,
  teamId: string,
  options: { readonly role: TeamRole; readonly expiresInHours?: number },
): Promise<CreatedTeamInvitation> {
  const path = `/api/v1/teams/${id(teamId)}/invitations`;
  return (await api.data('POST', path, 'invitation', options)) as CreatedTeamInvitation;
}

export async function listInvitations(api: ApiTransport, teamId: string): Promise<TeamInvitation[]> {
  return (await api.data('GET', `/api/v1/teams/${id(teamId)}/invitations`, 'invitations')) as TeamInvitation[];
}

export async function revokeInvitation(api: ApiTransport, teamId: string, invitationId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/teams/${id(teamId)}/invitations/${id(invitationId)}`);
}

export async function getInvitation(api: ApiTransport, token: string): Promise<TeamInvitationPreview> {
  return (await api.data('GET', `/api/v1/invitations/${id(token)}`, 'invitation')) as TeamInvitationPreview;
}

export async function acceptInvitation(api: ApiTransport, token: string): Promise<Team> {
  return (await api.data('POST', `/api/v1/invitations/${id(token)}/accept`, 'team')) as Team;
}

export async function moveInbox(
  api: ApiTransport,
  inboxId: string,
  to: { readonly teamId: string } | 'me',
): Promise<Inbox> {
  const body = to === 'me' ? { account: 'me' } : { teamId: to.teamId };
  return (await api.data('PUT', `/api/v1/inboxes/${id(inboxId)}/owner`, 'inbox', body)) as Inbox;
}
