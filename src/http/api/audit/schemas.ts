import { Type, type Static, type TSchema } from '@sinclair/typebox';

import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '../../../domain/audit.js';
import type { AuditPage } from '../../../services/audit.js';

/** JSON shape of audit entries (audit/routes.ts) and its presenter; schemas.ts registers it. */

const closed = { additionalProperties: false } as const;
const nullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const AuditEntrySchema = Type.Object(
  {
    id: Type.String({ description: 'Entry id (aud_...): newer entries have greater ids.' }),
    at: Type.String({ format: 'date-time', description: 'When it happened.' }),
    action: Type.String({ description: `What was done: ${AUDIT_ACTIONS.join(', ')}.` }),
    outcome: Type.Union(
      AUDIT_OUTCOMES.map((o) => Type.Literal(o)),
      { description: 'success; denied (a wrong password, a role or scope too low); failed (tried, did not work).' },
    ),
    actor: Type.Object(
      {
        accountId: nullableString('The acting account (acc_...), null for a failed sign-in or a sharing link.'),
        email: nullableString("The acting account's e-mail, null when unknown or the account is gone."),
        tokenId: nullableString('The API token used (tok_...), null for a browser session.'),
        shareId: nullableString('The sharing link used (shr_...).'),
      },
      closed,
    ),
    ip: Type.String({ description: 'The client address.' }),
    teamId: nullableString('The team whose log holds the entry, if any (tem_...).'),
    target: Type.Union(
      [
        Type.Object(
          {
            type: Type.String({ description: 'inbox, token, share, team, invitation, account, event, replay-job.' }),
            id: Type.String(),
          },
          closed,
        ),
        Type.Null(),
      ],
      { description: 'What was acted on.' },
    ),
    detail: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
      description:
        'A few short values (a role, the scopes, a destination without credentials or query); never a secret, token or body.',
    }),
  },
  { $id: 'AuditEntry', description: 'One entry of an audit log.', ...closed },
);

export const AUDIT_SCHEMAS: readonly TSchema[] = [AuditEntrySchema];

export type AuditEntryJson = Static<typeof AuditEntrySchema>;

export function auditEntryJson(entry: AuditPage['entries'][number]): AuditEntryJson {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    action: entry.action,
    outcome: entry.outcome,
    actor: {
      accountId: entry.actor.accountId,
      email: entry.actorEmail,
      tokenId: entry.actor.tokenId,
      shareId: entry.actor.shareId,
    },
    ip: entry.ip,
    teamId: entry.teamId,
    target: entry.target === null ? null : { type: entry.target.type, id: entry.target.id },
    detail: { ...(entry.detail as Record<string, string | number | boolean>) },
  };
}
