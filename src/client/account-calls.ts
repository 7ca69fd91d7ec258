import * as accounts from './accounts.js';
import * as shares from './shares.js';
import * as teams from './teams.js';
import * as audit from './audit.js';
import * as tokens from './tokens.js';
import * as settings from './account-settings.js';
import { ClientCore } from './client-core.js';
import type {
  Account,
  AccountSession,
  TokenLimits,
  CreatedShare,
  CreatedTeamInvitation,
  Team,
  AuditPage,
  AuditPageOptions,
  TeamInvitation,
  TeamInvitationPreview,
  TeamMember,
  TeamRole,
  CreatedToken,
  Credentials,
  Inbox,
  Session,
  SignInMethods,
  SingleSignOnLink,
  Share,
  Token,
} from './types.js';

/** The account side of the client: sign-up, sign-in and sessions, API tokens, account settings, teams, audit logs and sharing links. Offered through RehookClient. */
export class AccountCalls extends ClientCore {
  // --- Accounts and sessions (cookie mode) --------------------------------------------------

  /**
   * Creates an account and signs in (the server sets the session cookie): needs sign-up to be
   * open on the server (else SIGNUP_CLOSED). Remembers the session's CSRF token.
   */
  async signUp(credentials: Credentials): Promise<Session> {
    return accounts.signUp(this.api, credentials);
  }

  /** Signs in (the server sets the session cookie; INVALID_CREDENTIALS otherwise). Remembers the CSRF token. */
  async signIn(credentials: Credentials): Promise<Session> {
    return accounts.signIn(this.api, credentials);
  }

  /** How people sign in to the server: password, sign-up, and single sign-on with its button's name. */
  async signInMethods(): Promise<SignInMethods> {
    return accounts.signInMethods(this.api);
  }

  /** The signed-in account of this browser, or null when it is not signed in. Remembers the CSRF token. */
  async session(): Promise<Session | null> {
    return accounts.session(this.api);
  }

  /** Signs this browser out: the session ends and the server clears the cookie. */
  async signOut(): Promise<void> {
    return accounts.signOut(this.api, 'signout');
  }

  /** Ends every session of the account, this one included (API tokens keep working). */
  async signOutEverywhere(): Promise<void> {
    return accounts.signOut(this.api, 'signout-everywhere');
  }

  // --- Tokens -------------------------------------------------------------------------------

  async tokens(): Promise<Token[]> {
    return tokens.listTokens(this.api);
  }

  /** Creates a token for the caller's account; the secret is in this answer only. */
  async createToken(name: string, limits: TokenLimits = {}): Promise<CreatedToken> {
    return tokens.createToken(this.api, name, limits);
  }

  // --- Account settings -----------------------------------------------------------------------

  /** The caller's account, and the API token used (null with a session). Any scope may ask. */
  async account(): Promise<{ account: Account; token: Token | null }> {
    return settings.getAccount(this.api);
  }

  /**
   * Changes e-mail and/or display name (null removes it). A new e-mail address needs
   * `currentPassword` (an account with a password) or a recent sign-in (one without).
   */
  async updateAccount(profile: {
    email?: string;
    displayName?: string | null;
    currentPassword?: string;
  }): Promise<Account> {
    return settings.updateAccount(this.api, profile);
  }

  /** Whether the account is linked to the server's single sign-on provider. */
  async singleSignOnLink(): Promise<SingleSignOnLink> {
    return settings.singleSignOnLink(this.api);
  }

  /** Starts linking the signed-in browser's account to the provider: the URL to open. */
  async startSingleSignOnLink(): Promise<string> {
    return settings.startSingleSignOnLink(this.api);
  }

  /** Changes the password with the current one; every other session ends. */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    return settings.changePassword(this.api, currentPassword, newPassword);
  }

  /** Every signed-in browser of the account, most recently used first. */
  async accountSessions(): Promise<AccountSession[]> {
    return settings.listSessions(this.api);
  }

  async endAccountSession(sessionId: string): Promise<void> {
    return settings.endSession(this.api, sessionId);
  }

  /** Signs out every other browser; returns how many were signed out. */
  async endOtherAccountSessions(): Promise<number> {
    return settings.endOtherSessions(this.api);
  }

  /**
   * Deletes the account with everything it owns: confirmed with the password, or, for an account
   * without one (made by single sign-on, `hasPassword` false), with `{ email }`.
   */
  async deleteAccount(confirmation: string | { email: string }): Promise<void> {
    return settings.deleteAccount(this.api, confirmation);
  }

  async revokeToken(tokenId: string): Promise<void> {
    return tokens.revokeToken(this.api, tokenId);
  }

  // --- Teams (docs/teams.md) ---------------------------------------------------------------

  /** The caller's teams, with its role in each. */
  async teams(): Promise<Team[]> {
    return teams.listTeams(this.api);
  }

  /** Creates a team; the caller is its owner. */
  async createTeam(name: string): Promise<Team> {
    return teams.createTeam(this.api, name);
  }

  async team(teamId: string): Promise<Team> {
    return teams.getTeam(this.api, teamId);
  }

  async renameTeam(teamId: string, name: string): Promise<Team> {
    return teams.renameTeam(this.api, teamId, name);
  }

  /** Deletes the team with its inboxes (owners only). */
  async deleteTeam(teamId: string): Promise<void> {
    return teams.deleteTeam(this.api, teamId);
  }

  async teamMembers(teamId: string): Promise<TeamMember[]> {
    return teams.listMembers(this.api, teamId);
  }

  async setTeamMemberRole(teamId: string, accountId: string, role: TeamRole): Promise<TeamMember> {
    return teams.setMemberRole(this.api, teamId, accountId, role);
  }

  /** Removes a member; with one's own account id, leaves the team. */
  async removeTeamMember(teamId: string, accountId: string): Promise<void> {
    return teams.removeMember(this.api, teamId, accountId);
  }

  /** An invitation link with a role; its token and `/join/<token>` path are shown this once. */
  async createTeamInvitation(
    teamId: string,
    options: { readonly role: TeamRole; readonly expiresInHours?: number },
  ): Promise<CreatedTeamInvitation> {
    return teams.createInvitation(this.api, teamId, options);
  }

  async teamInvitations(teamId: string): Promise<TeamInvitation[]> {
    return teams.listInvitations(this.api, teamId);
  }

  async revokeTeamInvitation(teamId: string, invitationId: string): Promise<void> {
    return teams.revokeInvitation(this.api, teamId, invitationId);
  }

  /** What an invitation link offers before joining (INVITATION_NOT_FOUND when it cannot be used). */
  async getTeamInvitation(token: string): Promise<TeamInvitationPreview> {
    return teams.getInvitation(this.api, token);
  }

  /** Joins the team of an invitation link (INVITATION_NOT_FOUND when expired, used or revoked). */
  async acceptTeamInvitation(token: string): Promise<Team> {
    return teams.acceptInvitation(this.api, token);
  }

  /** Moves a saved inbox to a team (`{teamId}`) or to the calling account (`'me'`). */
  async moveInbox(inboxId: string, to: { readonly teamId: string } | 'me'): Promise<Inbox> {
    return teams.moveInbox(this.api, inboxId, to);
  }

  // --- Audit logs (docs/teams.md, "Audit log") ----------------------------------------------

  /** A page of the caller's own audit log, newest first; `nextBefore` leads to the next. */
  async accountAudit(options: AuditPageOptions = {}): Promise<AuditPage> {
    return audit.accountAudit(this.api, options);
  }

  /** A page of a team's audit log (owners and admins; FORBIDDEN for other roles). */
  async teamAudit(teamId: string, options: AuditPageOptions = {}): Promise<AuditPage> {
    return audit.teamAudit(this.api, teamId, options);
  }

  // --- Sharing links -----------------------------------------------------------------------

  /**
   * Creates a read-only sharing link of a saved inbox of the caller's. The answer carries the
   * link's token (shown this once) and `path`, its page in the web app (`/s/<token>`).
   */
  async createShare(inboxId: string): Promise<CreatedShare> {
    return shares.createShare(this.api, inboxId);
  }

  /** The sharing links of a saved inbox of the caller's, newest first (without their tokens). */
  async shares(inboxId: string): Promise<Share[]> {
    return shares.listShares(this.api, inboxId);
  }

  /** Revokes a sharing link: it stops working at once, its open streams included. */
  async revokeShare(inboxId: string, shareId: string): Promise<void> {
    return shares.revokeShare(this.api, inboxId, shareId);
  }

  /** The inbox a sharing link reads (SHARE_NOT_FOUND when it is unknown or revoked). */
  async resolveShare(token: string): Promise<Inbox> {
    return shares.resolveShare(this.api, token);
  }

  /**
   * The URL of the inbox's live stream (server-sent events) for an EventSource, which cannot
   * set headers: a sharing-link client puts its link in the query (`share=`). Cookie mode needs
   * nothing more (the browser sends the cookie); a token cannot travel this way.
   */
  streamUrl(inboxId: string, options: { readonly lastEventId?: string } = {}): string {
    return shares.streamUrl(this.api, inboxId, options);
  }
}
