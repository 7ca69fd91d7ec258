/**
 * The id parameters of every API route, found in the OpenAPI document (by name, or by what the
 * description says they take), for limited-ids.test.ts.
 */
/** What an id parameter names; the cursor-like ones are compared without being resolved. */
export type Field =
  | 'inbox'
  | 'event'
  | 'job'
  | 'share'
  | 'team'
  | 'bodyTeam'
  | 'member'
  | 'invitation'
  | 'token'
  | 'session'
  | 'against'
  | 'cursor'
  | 'auditCursor'
  | 'actor';
export const CURSORS: readonly Field[] = ['cursor', 'auditCursor', 'actor'];
/** Answers that mean the access rules refused (or found nothing): inside the limits, none may come. */
export const ACCESS_REFUSALS = new Set([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'INSUFFICIENT_SCOPE',
  'INBOX_NOT_FOUND',
  'EVENT_NOT_FOUND',
  'REPLAY_JOB_NOT_FOUND',
  'TEAM_NOT_FOUND',
  'SHARE_NOT_FOUND',
  'MEMBER_NOT_FOUND',
  'INVITATION_NOT_FOUND',
  'TOKEN_NOT_FOUND',
  'SESSION_NOT_FOUND',
]);

export type Kind = 'inboxes' | 'team';
export type Ids = Record<Field, string | null>;

export interface Param {
  readonly method: string;
  readonly template: string;
  readonly in: 'path' | 'query' | 'body';
  readonly name: string;
  readonly field: Field;
  /** The route names no inbox (x-rehook-inbox) nor team (x-rehook-team) for this kind: refused as a whole. */
  readonly refusedFor: readonly Kind[];
  readonly requiredQuery: readonly string[];
}

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean; description?: string; schema?: any }>;
  requestBody?: { content?: Record<string, { schema?: any }> };
  'x-rehook-inbox'?: string;
  'x-rehook-team'?: string;
  'x-rehook-scope'?: string;
}

/** A parameter holding an id: by its name, or by what its description says it takes. */
export const ID_NAME = /(Id|Ids)$|^against$/;
const ID_TEXT = /\b(event|entry) id\b|\(id\)|\b(evt|inb|tem|rjb|job|acc|inv|shr|ses|tok|aud)_\.\.\./;

export function fieldOf(method: string, template: string, where: string, name: string): Field {
  if (where === 'path') {
    const byName: Record<string, Field> = {
      inboxId: 'inbox',
      eventId: 'event',
      jobId: 'job',
      shareId: 'share',
      teamId: 'team',
      accountId: 'member',
      invitationId: 'invitation',
      tokenId: 'token',
      sessionId: 'session',
    };
    const field = byName[name];
    if (field === undefined) throw new Error(`unknown path id ${name} of ${method} ${template}`);
    return field;
  }
  if (name === 'against') return 'against';
  if (name === 'actor') return 'actor';
  if (name === 'before' && template.endsWith('/audit')) return 'auditCursor';
  if (['before', 'after', 'lastEventId', 'since', 'until'].includes(name)) return 'cursor';
  if (where === 'body' && name === 'teamId') return 'bodyTeam';
  if (where === 'body' && name === 'inboxIds') return 'inbox';
  if (where === 'body' && (name === 'eventId' || name === 'eventIds')) return 'event';
  throw new Error(`unknown id parameter ${where}:${name} of ${method} ${template}: teach limited-ids.test.ts`);
}

/** What a local `$ref` (`#/components/parameters/InboxId`, `#/components/schemas/X/properties/y`) points at. */
function deref(doc: any, value: any): any {
  if (typeof value?.$ref !== 'string') return value;
  const parts = value.$ref
    .slice(2)
    .split('/')
    .map((part: string) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  return deref(
    doc,
    parts.reduce((node: any, part: string) => node?.[part], doc),
  );
}

function bodyProperties(doc: any, schema: any): Record<string, any> {
  if (schema === undefined || schema === null) return {};
  if (typeof schema.$ref === 'string') return bodyProperties(doc, deref(doc, schema));
  const out: Record<string, any> = { ...(schema.properties ?? {}) };
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const s of schema[key] ?? []) Object.assign(out, bodyProperties(doc, s));
  return out;
}

/** Every id parameter of every API route of the document. */
export function idParams(doc: any): Param[] {
  const params: Param[] = [];
  for (const [template, methods] of Object.entries<Record<string, Operation>>(doc.paths)) {
    if (!template.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const refusedFor: Kind[] = [];
      if (op['x-rehook-inbox'] === undefined) refusedFor.push('inboxes');
      if (op['x-rehook-inbox'] === undefined && op['x-rehook-team'] === undefined) refusedFor.push('team');
      if (op['x-rehook-scope'] === 'none') continue;
      const found: Array<[Param['in'], string]> = [];
      const parameters = (op.parameters ?? []).map(
        (p) => deref(doc, p) as NonNullable<Operation['parameters']>[number],
      );
      for (const p of parameters) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        const text = p.description ?? p.schema?.description ?? '';
        if (ID_NAME.test(p.name) || ID_TEXT.test(text)) found.push([p.in, p.name]);
      }
      for (const content of Object.values(op.requestBody?.content ?? {})) {
        for (const [name, schema] of Object.entries(bodyProperties(doc, content.schema))) {
          if (ID_NAME.test(name) || ID_TEXT.test(deref(doc, schema)?.description ?? '')) found.push(['body', name]);
        }
      }
      const requiredQuery = parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
      const upper = method.toUpperCase();
      for (const [where, name] of found) {
        params.push({
          method: upper,
          template,
          in: where,
          name,
          field: fieldOf(upper, template, where, name),
          refusedFor,
          requiredQuery,
        });
      }
    }
  }
  return params;
}
