import { createHash, randomBytes } from 'node:crypto';

import { isId, newId } from '../domain/ids.js';
import {
  canInvite,
  type InvitationPreview,
  isTeamRole,
  type ListedInvitation,
  roleNeededForTeam,
  type TeamInvitation,
  type TeamWithRole,
} from '../domain/team.js';
import { AppError } from '../errors.js';
import { requireAccount } from './auth.js';
import type { Principal, ServiceDeps } from './deps.js';
import { announceMembershipChange, getMembership, requireRole, unknownRole } from './teams.js';

/**
 * Invitation links (docs/teams.md): an admin or owner makes a link that lets one account join
 * the team with a role. No e-mail is sent: the link is shown once and passed on by hand. Only its
 * SHA-256 is stored (as for API tokens and sharing links); it is single use, expires (7 days by
 * default) and can be revoked. A link that expired, was used or revoked is INVITATION_NOT_FOUND.
 * A link carries its maker's rights, no more: it works only while the maker may still invite at
 * its role, and the maker's links at roles it lost go when its role changes or it leaves.
 */

type InvitationDeps = Pick<ServiceDeps, 'store' | 'clock'>;

export const INVITATION_TOKEN_PREFIX = 'rhi_';
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const SECRET_CHARS = 32;
const TOKEN_PATTERN = new RegExp(`^${INVITATION_TOKEN_PREFIX}[${ALPHABET}]{${SECRET_CHARS}}$`);
const PREFIX_CHARS = 8;
export const DEFAULT_INVITATION_HOURS = 7 * 24;
/** Longest an invitation may live: 30 days. */
export const MAX_INVITATION_HOURS = 30 * 24;

function generateToken(): string {
  const bytes = randomBytes(SECRET_CHARS);
  let secret = '';
  for (let i = 0; i < SECRET_CHARS; i += 1) secret += ALPHABET[(bytes[i] ?? 0) & 31];
  return INVITATION_TOKEN_PREFIX + secret;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The web app's page for an invitation link. */
export function invitationPath(token: string): string {
  return `/join/${token}`;
}

/**
 * Makes an invitation to the team with `role`, valid `expiresInHours` (1 to 720, default 168).
 * Admins and owners only (FORBIDDEN naming the role otherwise), and never for a role above the
 * inviter's own (FORBIDDEN). Returns it with its token, shown this once.
 */
export async function createInvitation(
  deps: InvitationDeps,
  principal: Principal,
  teamId: string,
  input: { readonly role: unknown; readonly expiresInHours?: unknown },
): Promise<{ invitation: TeamInvitation; token: string }> {
  const { role } = await getMembership(deps, principal, teamId);
  requireRole(role, roleNeededForTeam('invite'), 'invite members');
  if (!isTeamRole(input.role)) throw unknownRole();
  if (!canInvite(role, input.role)) {
    throw new AppError('FORBIDDEN', {
      message: `Your role in this team is ${role}: you cannot invite someone as ${input.role}, a role above your own`,
    });
  }
  const hours = input.expiresInHours ?? DEFAULT_INVITATION_HOURS;
  if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 1 || hours > MAX_INVITATION_HOURS) {
    throw new AppError('VALIDATION_FAILED', {
      message: `expiresInHours must be a whole number of hours from 1 to ${MAX_INVITATION_HOURS}`,
      details: [{ path: '/expiresInHours', message: `must be an integer from 1 to ${MAX_INVITATION_HOURS}` }],
    });
  }
  const now = deps.clock.now();
  const token = generateToken();
  const invitation: TeamInvitation = {
    id: newId('invitation'),
    teamId,
    role: input.role,
    hash: hashToken(token),
    prefix: token.slice(0, PREFIX_CHARS),
    createdBy: requireAccount(principal).accountId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + hours * 3_600_000),
    acceptedAt: null,
    acceptedBy: null,
  };
  await deps.store.teams.insertInvitation(invitation);
  return { invitation, token };
}

/** The team's unused invitations, newest first, without tokens, with who made each: admins and owners. */
export async function listInvitations(
  deps: InvitationDeps,
  principal: Principal,
  teamId: string,
): Promise<ListedInvitation[]> {
  const { role } = await getMembership(deps, principal, teamId);
  requireRole(role, roleNeededForTeam('invite'), 'see invitations');
  return deps.store.teams.listInvitations(teamId);
}

/** Revokes an unused invitation: admins and owners. INVITATION_NOT_FOUND when there is none. */
export async function revokeInvitation(
  deps: InvitationDeps,
  principal: Principal,
  input: { readonly teamId: string; readonly invitationId: string },
): Promise<void> {
  const { role } = await getMembership(deps, principal, input.teamId);
  requireRole(role, roleNeededForTeam('invite'), 'revoke invitations');
  if (!isId('invitation', input.invitationId)) throw new AppError('INVITATION_NOT_FOUND');
  if (!(await deps.store.teams.revokeInvitation(input.invitationId, input.teamId))) {
    throw new AppError('INVITATION_NOT_FOUND');
  }
}

/**
 * What an invitation link offers, before joining: its team's name, role, maker's e-mail and
 * expiry. Signed-in accounts only (like accepting): the team's name is not for anyone holding a
 * URL without an account. INVITATION_NOT_FOUND exactly when accepting it would be.
 */
export async function findInvitation(
  deps: InvitationDeps,
  principal: Principal,
  token: string,
): Promise<InvitationPreview> {
  requireAccount(principal);
  if (!TOKEN_PATTERN.test(token)) throw new AppError('INVITATION_NOT_FOUND');
  const found = await deps.store.teams.findUsableInvitation(hashToken(token), deps.clock.now());
  if (found === null) throw new AppError('INVITATION_NOT_FOUND');
  // The same rule as the store's accept: a link outlives neither its maker's membership nor its rights.
  if (!canInvite(await deps.store.teams.findRole(found.teamId, found.createdBy), found.role)) {
    throw new AppError('INVITATION_NOT_FOUND');
  }
  return found;
}

/**
 * Joins the team of the invitation with its role, and uses the link up. An account that is a
 * member already keeps its role (the link is used all the same). INVITATION_NOT_FOUND for a
 * malformed, unknown, expired, used or revoked link, and for one whose maker is no longer a
 * member allowed to invite at its role (the store checks that in the same step as the use).
 */
export async function acceptInvitation(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'bus'>,
  principal: Principal,
  token: string,
): Promise<TeamWithRole> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const { accountId } = requireAccount(principal);
  if (!TOKEN_PATTERN.test(token)) throw new AppError('INVITATION_NOT_FOUND');
  const hash = hashToken(token);
  const used = await deps.store.teams.acceptInvitation(hash, accountId, deps.clock.now());
  if (used === null) throw new AppError('INVITATION_NOT_FOUND');
  announceMembershipChange(deps.bus, used.teamId, accountId);
  return getMembership(deps, principal, used.teamId);
}
