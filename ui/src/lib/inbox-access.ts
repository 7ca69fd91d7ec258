import type { InboxView as Inbox, TeamRole } from '../api.js';

/**
 * What the app offers on an inbox: exactly what the API says the caller's role allows (the
 * inbox's `permissions`, worked out by the server's own access rule), never a rule of its own.
 * A read-only view (a sharing link) offers nothing but reading.
 */
export type InboxAction = 'replay' | 'manage';

export interface InboxAccess {
  readonly role: TeamRole | null;
  readonly replay: boolean;
  readonly manage: boolean;
}

export function inboxAccess(inbox: Inbox, readOnly = false): InboxAccess {
  // An inbox remembered by an older version of the app has no permissions: the API then decides.
  const permissions = (inbox as Partial<Inbox>).permissions ?? { read: true, replay: true, manage: true };
  return {
    role: inbox.role ?? null,
    replay: !readOnly && permissions.replay,
    manage: !readOnly && permissions.manage,
  };
}

const WHAT: Record<InboxAction, string> = {
  replay: 'replay or change what the inbox answers',
  manage: "change this inbox's settings",
};

const WHO: Record<InboxAction, string> = { replay: 'Members, admins and owners', manage: 'Admins and owners' };

/** Why an action is not offered, for the note beside what is shown read-only; null when it is. */
export function refusalOf(access: InboxAccess, action: InboxAction): string | null {
  if (access[action]) return null;
  if (access.role === null) return `This view is read-only: it cannot ${WHAT[action]}.`;
  return `Your role in this team is ${access.role}: a ${access.role} cannot ${WHAT[action]}. ${WHO[action]} can.`;
}
