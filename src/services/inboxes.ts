import type { SettingsView } from '../domain/destination.js';
import { isId, newId } from '../domain/ids.js';
import type { Inbox, InboxStats, InboxWithStats } from '../domain/inbox.js';
import { type InboxAction, type InboxPermissions, roleAtLeast, roleNeededFor, type TeamRole } from '../domain/team.js';
import { scopeCovers } from '../domain/token-scope.js';
import { AppError } from '../errors.js';
import type { Store } from '../ports/store.js';
import type { Clock } from '../ports/clock.js';
import { requireAccount, tokenInboxesOf, tokenTeamOf } from './auth.js';
import { isAccount, type Principal, type ServiceDeps } from './deps.js';
import { reachableTeamRole } from './team-access.js';

type InboxDeps = Pick<ServiceDeps, 'store' | 'clock'>;

export const MAX_INBOX_NAME_LENGTH = 100;

/**
 * Not printable, or able to make a name pass for another: C0 and C1 controls, DEL, the Unicode
 * line and paragraph separators and the bidi overrides and isolates; and lone surrogates, which
 * no database stores as given.
 */
const UNPRINTABLE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * An inbox name as given in a request: null stays null (no name), a string is trimmed and must
 * then be 1 to 100 printable characters (code points). Throws VALIDATION_FAILED otherwise.
 */
export function parseInboxName(value: unknown): string | null {
  if (value === null) return null;
  const name = typeof value === 'string' ? value.trim() : null;
  const length = name === null ? 0 : [...name].length;
  if (name === null || length === 0 || length > MAX_INBOX_NAME_LENGTH || UNPRINTABLE.test(name)) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Inbox name must be 1 to ${MAX_INBOX_NAME_LENGTH} printable characters, or null for no name`,
      details: [
        { path: '/name', message: `must be a string of 1 to ${MAX_INBOX_NAME_LENGTH} printable characters, or null` },
      ],
    });
  }
  return name;
}

const NO_EVENTS: InboxStats = { eventCount: 0, lastEventAt: null };

/** The inboxes with their statistics (one store call whatever their number). */
export async function withStats(
  deps: Pick<ServiceDeps, 'store'>,
  inboxes: readonly Inbox[],
): Promise<InboxWithStats[]> {
  if (inboxes.length === 0) return [];
  const stats = await deps.store.inboxes.stats(inboxes.map((inbox) => inbox.id));
  return inboxes.map((inbox, index) => ({ ...inbox, ...(stats[index] ?? NO_EVENTS) }));
}

async function oneWithStats(deps: Pick<ServiceDeps, 'store'>, inbox: Inbox): Promise<InboxWithStats> {
  const [stats] = await deps.store.inboxes.stats([inbox.id]);
  return { ...inbox, ...(stats ?? NO_EVENTS) };
}

/**
 * Creates an inbox: anonymous (expires after the anonymous TTL) without a token, persistent and
 * owned by the account with one. `name` is checked by parseInboxName (VALIDATION_FAILED);
 * absent means no name.
 */
export async function createInbox(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'anonTtlMs'>,
  principal: Principal,
  input: { readonly name?: unknown; readonly teamId?: string | undefined } = {},
): Promise<InboxWithStats> {
  const name = input.name === undefined ? null : parseInboxName(input.name);
  const now = deps.clock.now();
  const owned = isAccount(principal);
  let ownerId = owned ? principal.accountId : null;
  // A token limited to a team makes the team's inboxes: it cannot reach the account's own.
  const limit = tokenTeamOf(principal);
  const teamId = input.teamId ?? limit ?? undefined;
  if (teamId !== undefined) {
    // A team's inbox: members and above may make one (a viewer only reads).
    if (!owned) throw new AppError('UNAUTHORIZED');
    const role = await reachableTeamRole(deps, principal, teamId);
    if (role === null) throw new AppError('TEAM_NOT_FOUND');
    // The same role as replaying (src/domain/team.ts roleNeededForTeam('createInboxes')).
    assertRoleAllows(role, 'replay', 'create inboxes');
    ownerId = teamId;
  }
  const inbox: Inbox = {
    id: newId('inbox'),
    ownerId,
    name,
    createdAt: now,
    expiresAt: owned ? null : new Date(now.getTime() + deps.anonTtlMs),
  };
  await deps.store.inboxes.insert(inbox);
  return { ...inbox, ...NO_EVENTS };
}

/** The inbox with its statistics, if the caller may read it (see getReadableInbox). */
export async function getInbox(deps: InboxDeps, principal: Principal, inboxId: string): Promise<InboxWithStats> {
  return oneWithStats(deps, await getReadableInbox(deps, principal, inboxId));
}

/**
 * Sets the inbox's name (null removes it). Same access rule as deleting the inbox: its owner, or
 * anyone holding the id of an anonymous inbox (UNAUTHORIZED / INBOX_NOT_FOUND otherwise);
 * VALIDATION_FAILED for a bad name. A save by another account in between wins: INBOX_NOT_FOUND.
 */
export async function renameInbox(
  deps: InboxDeps,
  principal: Principal,
  input: { readonly inboxId: string; readonly name: unknown },
): Promise<InboxWithStats> {
  // The API refuses links on every route but the reading ones (app.ts); this keeps it so here.
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const inbox = await getAuthorizedInbox(deps, principal, input.inboxId, 'manage');
  const name = parseInboxName(input.name);
  const renamed = await deps.store.inboxes.rename(inbox.id, name, inbox.ownerId, deps.clock.now());
  if (!renamed) throw new AppError('INBOX_NOT_FOUND');
  return oneWithStats(deps, renamed);
}

/**
 * The live inbox if the caller may read it. Anonymous inboxes are open to anyone who knows the
 * id (the id is the key: 130 random bits). Owned inboxes: 401 UNAUTHORIZED without a token,
 * 404 INBOX_NOT_FOUND with another account's token, so their existence is never revealed.
 * Unknown and expired inboxes are 404 INBOX_NOT_FOUND.
 */
export async function getReadableInbox(deps: InboxDeps, principal: Principal, inboxId: string): Promise<Inbox> {
  return getAuthorizedInbox(deps, principal, inboxId, 'read');
}

/** The live inbox if the caller may take `action` on it (see authorizeInbox). */
export async function getAuthorizedInbox(
  deps: InboxDeps,
  principal: Principal,
  inboxId: string,
  action: InboxAction,
): Promise<Inbox> {
  const inbox = await findLiveInbox(deps, inboxId);
  await authorizeInbox(deps, principal, inbox, action);
  return inbox;
}

/**
 * The caller's inboxes, newest first, then those of each of its teams (teams by name, each
 * newest first), with their statistics; a team's inbox says which team owns it (`ownerId`).
 * Throws UNAUTHORIZED when anonymous.
 */
export async function listInboxes(deps: InboxDeps, principal: Principal): Promise<InboxWithStats[]> {
  const account = requireAccount(principal);
  const { accountId } = account;
  const now = deps.clock.now();
  // A token limited to a team sees that team's inboxes only (while its account is a member).
  const teamLimit = tokenTeamOf(account);
  const own = teamLimit === null ? await deps.store.inboxes.listByOwner(accountId, now) : [];
  const teams = (await deps.store.teams.listByAccount(accountId)).filter(
    ({ team }) => teamLimit === null || team.id === teamLimit,
  );
  const teamInboxes = await Promise.all(teams.map(({ team }) => deps.store.inboxes.listByOwner(team.id, now)));
  const all = [...own, ...teamInboxes.flat()];
  // A token limited to some inboxes sees only those.
  const limit = 'inboxIds' in account ? account.inboxIds : null;
  return withStats(deps, limit === null ? all : all.filter((inbox) => limit.includes(inbox.id)));
}

/**
 * Moves a saved inbox between the caller's account and its teams, with everything in it.
 * `to` is a team id, or null for the caller's own account. The caller must be allowed to manage
 * the inbox (its account, or admin of its team), be an owner of the team it leaves (an admin
 * could otherwise take a team's inbox, and its webhooks, into an account the team cannot reach),
 * and be admin or owner of the team it goes to (FORBIDDEN naming the role; TEAM_NOT_FOUND for a
 * team it is not in or its token does not reach). INBOX_NOT_SAVED for an anonymous inbox;
 * INBOX_NOT_FOUND when it moved or was deleted meanwhile.
 */
export async function moveInbox(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'bus'>,
  principal: Principal,
  input: { readonly inboxId: string; readonly to: string | null },
): Promise<InboxWithStats> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const { accountId } = requireAccount(principal);
  const inbox = await findLiveInbox(deps, input.inboxId);
  if (inbox.ownerId === null) {
    throw new AppError('INBOX_NOT_SAVED', { message: 'Only a saved inbox can be moved: save the inbox first' });
  }
  await authorizeInbox(deps, principal, inbox, 'manage');
  const to = input.to ?? accountId;
  const limit = tokenTeamOf(principal);
  if (limit !== null && to !== limit) {
    // The inbox would leave the only team the token reaches.
    if (input.to !== null) throw new AppError('TEAM_NOT_FOUND');
    throw new AppError('INSUFFICIENT_SCOPE', {
      message: 'This API token is limited to a team; it cannot give an inbox to the account',
    });
  }
  if (input.to !== null) {
    const role = await reachableTeamRole(deps, principal, input.to);
    if (role === null) throw new AppError('TEAM_NOT_FOUND');
    assertRoleAllows(role, 'manage', 'move inboxes into the team');
  }
  if (to === inbox.ownerId) return oneWithStats(deps, inbox);
  if (isId('team', inbox.ownerId)) {
    // authorizeInbox above found a role of admin or more; leaving the team takes its owner.
    const role = await deps.store.teams.findRole(inbox.ownerId, accountId);
    if (role !== 'owner') {
      throw new AppError('FORBIDDEN', {
        message: `Your role in this team is ${role ?? 'none'}: only owners can move inboxes out of the team`,
      });
    }
  }
  const moved = await deps.store.inboxes.move(inbox.id, to, inbox.ownerId, deps.clock.now());
  if (moved === null) throw new AppError('INBOX_NOT_FOUND');
  return oneWithStats(deps, moved);
}

/**
 * Deletes an inbox with its events and replays. Owned inboxes: only the owner. Anonymous ones:
 * whoever holds the id, the same principal that can already read all of their data.
 */
export async function deleteInbox(deps: InboxDeps, principal: Principal, inboxId: string): Promise<void> {
  // The API refuses links on every route but the reading ones (app.ts); this keeps it so here.
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const inbox = await getAuthorizedInbox(deps, principal, inboxId, 'manage');
  // Conditional on the owner seen above: a save by another account in between wins, not both.
  if (!(await deps.store.inboxes.delete(inbox.id, inbox.ownerId))) throw new AppError('INBOX_NOT_FOUND');
}

/**
 * Turns an anonymous inbox into a persistent one owned by the caller (idempotent for the
 * owner). Throws UNAUTHORIZED when anonymous, INBOX_NOT_FOUND when unknown, expired or owned
 * by another account.
 */
export async function saveInbox(deps: InboxDeps, principal: Principal, inboxId: string): Promise<InboxWithStats> {
  const { accountId } = requireAccount(principal);
  const inbox = await findLiveInbox(deps, inboxId);
  // A team's inbox is saved already: its members get it unchanged, like an owner.
  if (inbox.ownerId !== null && isId('team', inbox.ownerId)) {
    await authorizeInbox(deps, principal, inbox, 'read');
    return oneWithStats(deps, inbox);
  }
  if (inbox.ownerId !== null && inbox.ownerId !== accountId) throw new AppError('INBOX_NOT_FOUND');
  const saved =
    inbox.ownerId === accountId ? inbox : await deps.store.inboxes.save(inbox.id, accountId, deps.clock.now());
  if (!saved) throw new AppError('INBOX_NOT_FOUND');
  return oneWithStats(deps, saved);
}

/** Throws INBOX_NOT_FOUND unless the inbox exists and is live now. */
export async function findLiveInbox(deps: { store: Store; clock: Clock }, inboxId: string): Promise<Inbox> {
  if (!isId('inbox', inboxId)) throw new AppError('INBOX_NOT_FOUND');
  const inbox = await deps.store.inboxes.findLive(inboxId, deps.clock.now());
  if (!inbox) throw new AppError('INBOX_NOT_FOUND');
  return inbox;
}

/**
 * The one access rule for an inbox and everything in it (events, replays, settings, streams):
 * every service asks here, with the action it is about to take.
 * - A sharing link reads its own inbox only; any other inbox, anonymous ones included, is
 *   INBOX_NOT_FOUND; anything but reading is SHARE_READ_ONLY.
 * - An anonymous inbox is open to whoever holds its id.
 * - An account's inbox: its account only (UNAUTHORIZED without one, INBOX_NOT_FOUND for others,
 *   so its existence is never revealed).
 * - A team's inbox: the team's members, by role (src/domain/team.ts roleNeededFor): a member
 *   whose role is too weak gets FORBIDDEN naming the role; a non-member INBOX_NOT_FOUND. The
 *   role is read from the store on every call, never cached, so a removed member is refused by
 *   the very next request on every instance.
 * - A token limited to a team: that team's inboxes only (INBOX_NOT_FOUND for any other), with
 *   the member's current role; its scope is checked per route before (token-scope-check.ts),
 *   so it acts with the lesser of the two.
 * - A token limited to some inboxes: those only (INBOX_NOT_FOUND for any other). Checked here
 *   and not per route, so a second id (`against=`, `eventId` in a body, a job's inbox) is held
 *   to the limit like the one in the path.
 */
export async function authorizeInbox(
  deps: Pick<ServiceDeps, 'store'>,
  principal: Principal,
  inbox: Inbox,
  action: InboxAction = 'read',
  doing?: string,
): Promise<void> {
  const standing = await standingOn(deps, principal, inbox);
  switch (standing.kind) {
    case 'refused':
      throw new AppError(standing.code);
    case 'link':
      if (action !== 'read') throw new AppError('SHARE_READ_ONLY');
      return;
    case 'holder':
    case 'owner':
      return;
    case 'team':
      assertRoleAllows(standing.role, action, doing);
  }
}

/** Where the caller stands with an inbox, by the rule of authorizeInbox (which throws on it). */
type Standing =
  | { readonly kind: 'refused'; readonly code: 'INBOX_NOT_FOUND' | 'UNAUTHORIZED' }
  /** A sharing link of this inbox: reads only. */
  | { readonly kind: 'link' }
  /** Anyone holding an anonymous inbox's id. */
  | { readonly kind: 'holder' }
  /** The account that owns the inbox. */
  | { readonly kind: 'owner' }
  | { readonly kind: 'team'; readonly role: TeamRole };

async function standingOn(deps: Pick<ServiceDeps, 'store'>, principal: Principal, inbox: Inbox): Promise<Standing> {
  if (principal.kind === 'share') {
    return principal.inboxId === inbox.id ? { kind: 'link' } : { kind: 'refused', code: 'INBOX_NOT_FOUND' };
  }
  if (!tokenReaches(principal, inbox)) return { kind: 'refused', code: 'INBOX_NOT_FOUND' };
  if (inbox.ownerId === null) return { kind: 'holder' };
  if (!isAccount(principal)) return { kind: 'refused', code: 'UNAUTHORIZED' };
  if (principal.accountId === inbox.ownerId) return { kind: 'owner' };
  if (!isId('team', inbox.ownerId)) return { kind: 'refused', code: 'INBOX_NOT_FOUND' };
  const role = await deps.store.teams.findRole(inbox.ownerId, principal.accountId);
  return role === null ? { kind: 'refused', code: 'INBOX_NOT_FOUND' } : { kind: 'team', role };
}

/**
 * How the caller sees the inbox's settings: whole when it may change them (the inbox's owner or
 * a team role that may manage it, with a session or a token of scope manage), redacted
 * otherwise: a viewer, a member, a read or replay token, a sharing link never read a
 * destination's secret parts (docs/teams.md, "settings without secrets").
 */
export async function settingsViewFor(
  deps: Pick<ServiceDeps, 'store'>,
  principal: Principal,
  inbox: Inbox,
): Promise<SettingsView> {
  if (!isAccount(principal)) return 'redacted';
  if (principal.kind === 'token' && !scopeCovers(principal.scope, 'manage')) return 'redacted';
  return (await inboxAccess(deps, principal, inbox)).permissions.manage ? 'whole' : 'redacted';
}

/**
 * Whether the principal's token limits let it reach the inbox at all (its role and ownership are
 * checked apart): a team-limited token reaches that team's inboxes only (not the account's, nor
 * anonymous ones), an inbox-limited token its listed inboxes only. Anything but a limited token
 * reaches every inbox.
 */
export function tokenReaches(principal: Principal, inbox: Pick<Inbox, 'id' | 'ownerId'>): boolean {
  const teamLimit = tokenTeamOf(principal);
  if (teamLimit !== null && inbox.ownerId !== teamLimit) return false;
  const inboxLimit = tokenInboxesOf(principal);
  return inboxLimit === null || inboxLimit.includes(inbox.id);
}

/**
 * What the caller may do with an inbox it can read, and its role there: the API shows it with
 * the inbox so the web app offers only what would be allowed. Worked out by the same rule as
 * authorizeInbox (standingOn, roleNeededFor), so the two cannot disagree. `role` is the team
 * role for a team's inbox, `owner` for the account's own, null for an anonymous inbox or a
 * sharing link. A token's scope is checked per route on top (token-scope-check.ts).
 */
export interface InboxAccess {
  readonly role: TeamRole | null;
  readonly permissions: InboxPermissions;
}

const EVERYTHING: InboxPermissions = { read: true, replay: true, manage: true };
const READ_ONLY: InboxPermissions = { read: true, replay: false, manage: false };

function accessOf(standing: Standing): InboxAccess {
  switch (standing.kind) {
    case 'refused':
      return { role: null, permissions: { read: false, replay: false, manage: false } };
    case 'link':
      return { role: null, permissions: READ_ONLY };
    case 'holder':
      return { role: null, permissions: EVERYTHING };
    case 'owner':
      return { role: 'owner', permissions: EVERYTHING };
    case 'team': {
      const { role } = standing;
      const can = (action: InboxAction) => roleAtLeast(role, roleNeededFor(action));
      return { role, permissions: { read: can('read'), replay: can('replay'), manage: can('manage') } };
    }
  }
}

/** The caller's access to each inbox (one role lookup per team, whatever the number of inboxes). */
export async function inboxAccessList(
  deps: Pick<ServiceDeps, 'store'>,
  principal: Principal,
  inboxes: readonly Inbox[],
): Promise<InboxAccess[]> {
  const byOwner = new Map<string | null, Promise<InboxAccess>>();
  return Promise.all(
    inboxes.map((inbox) => {
      // Inboxes of one owner share the caller's standing, except anonymous ones, links and tokens
      // limited to some inboxes (by inbox).
      const byInbox = inbox.ownerId === null || principal.kind === 'share' || tokenInboxesOf(principal) !== null;
      const key = byInbox ? `inbox:${inbox.id}` : inbox.ownerId;
      let access = byOwner.get(key);
      if (access === undefined) {
        access = standingOn(deps, principal, inbox).then(accessOf);
        byOwner.set(key, access);
      }
      return access;
    }),
  );
}

/** The caller's access to one inbox (see InboxAccess). */
export async function inboxAccess(
  deps: Pick<ServiceDeps, 'store'>,
  principal: Principal,
  inbox: Inbox,
): Promise<InboxAccess> {
  return accessOf(await standingOn(deps, principal, inbox));
}

/** Throws FORBIDDEN, naming the role, unless `role` may take `action` on a team inbox. */
export function assertRoleAllows(role: TeamRole, action: InboxAction, doing?: string): void {
  const needed = roleNeededFor(action);
  if (roleAtLeast(role, needed)) return;
  const what =
    doing ?? (action === 'replay' ? 'replay or change programmed responses' : "change this inbox's settings");
  throw new AppError('FORBIDDEN', {
    message: `Your role in this team is ${role}: a ${role} cannot ${what} (${needed} or above can)`,
  });
}
