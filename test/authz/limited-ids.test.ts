// Every id parameter of every API route × tokens limited to some inboxes or to a team
// (docs/accounts.md, docs/teams.md): an id that leads outside the token's limits, in the path, the
// query or the body, is answered exactly as the same kind of object of another account is (404,
// or the route's own answer for an id it does not accept), and nothing of the object is in the
// answer. The id parameters are found in the OpenAPI document, so a route that gains one fails
// here until this suite knows how to call it.
//
// For each parameter and each kind of limited token, three calls differ only in that id: one
// inside the limits (with fresh objects, as the call may change them; it must get past the access
// rules), one per object outside them (the account's own objects the token does not reach, its
// other team's, an anonymous inbox it made), and one with another account's object, the
// reference. Cursors and filters (`before=`, `since=`, `actor=`) resolve nothing: they must answer
// as the reference does and show nothing of the outside object.
//
//   node --import tsx --test test/authz/limited-ids.test.ts   (REHOOK_TEST_STORE=postgres too)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import {
  AUTHZ_ENV,
  bearer,
  call,
  extraToken,
  ingest,
  newAccount,
  newSession,
  type Reply,
  streamStatus,
} from './support.js';

/** What an id parameter names; the cursor-like ones are compared without being resolved. */
type Field =
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
const CURSORS: readonly Field[] = ['cursor', 'auditCursor', 'actor'];
/** Answers that mean the access rules refused (or found nothing): inside the limits, none may come. */
const ACCESS_REFUSALS = new Set([
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

type Kind = 'inboxes' | 'team';
type Ids = Record<Field, string | null>;

interface Param {
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
const ID_NAME = /(Id|Ids)$|^against$/;
const ID_TEXT = /\b(event|entry) id\b|\(id\)|\b(evt|inb|tem|rjb|job|acc|inv|shr|ses|tok|aud)_\.\.\./;

function fieldOf(method: string, template: string, where: string, name: string): Field {
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
function idParams(doc: any): Param[] {
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

/** Where accepted replays go. */
let receiverUrl = '';

/** A valid body for each route that takes one, from the ids of the call. */
function bodyFor(method: string, template: string, ids: Ids, param: Param): unknown {
  const key = `${method} ${template}`;
  const testing = (name: string): boolean => param.in === 'body' && param.name === name;
  switch (key) {
    case 'POST /api/v1/inboxes':
      return ids.bodyTeam === null ? { name: 'limited' } : { name: 'limited', teamId: ids.bodyTeam };
    case 'PATCH /api/v1/inboxes/{inboxId}':
      return { name: 'renamed' };
    case 'PUT /api/v1/inboxes/{inboxId}/owner':
      return ids.bodyTeam === null ? { account: 'me' } : { teamId: ids.bodyTeam };
    case 'POST /api/v1/events/{eventId}/replay':
      return { destination: `${receiverUrl}/limited` };
    case 'POST /api/v1/inboxes/{inboxId}/replays':
      return {
        destination: 'http://127.0.0.1:9/limited-job',
        ratePerSecond: 100,
        ...(testing('eventIds') ? { eventIds: [ids.event] } : {}),
        ...(testing('since') ? { since: ids.cursor } : {}),
        ...(testing('until') ? { until: ids.cursor } : {}),
      };
    case 'POST /api/v1/tokens':
      return {
        name: 'limited',
        ...(testing('teamId') && ids.bodyTeam !== null ? { teamId: ids.bodyTeam } : {}),
        ...(testing('inboxIds') ? { inboxIds: [ids.inbox] } : {}),
      };
    case 'PUT /api/v1/inboxes/{inboxId}/signature':
      return { scheme: 'github', secret: 'limited secret' };
    case 'PUT /api/v1/inboxes/{inboxId}/response':
      return { status: 202 };
    case 'POST /api/v1/inboxes/{inboxId}/responses/preview':
      return { response: { body: '{{ method }}', template: true }, eventId: ids.event };
    case 'PUT /api/v1/inboxes/{inboxId}/forwarding':
      return { destination: 'https://forward.example.test/hooks' };
    case 'PUT /api/v1/inboxes/{inboxId}/event-type-rule':
      return { header: 'X-Limited-Type' };
    case 'PUT /api/v1/inboxes/{inboxId}/alerts':
      return { rules: [{ name: 'l', kind: 'event', url: 'https://alerts.example.test/hooks' }] };
    case 'PATCH /api/v1/teams/{teamId}':
      return { name: 'Renamed' };
    case 'PATCH /api/v1/teams/{teamId}/members/{accountId}':
      return { role: 'viewer' };
    case 'POST /api/v1/teams/{teamId}/invitations':
      return { role: 'viewer' };
    default:
      return method === 'GET' || method === 'DELETE' ? undefined : {};
  }
}

describe('tokens limited to some inboxes or to a team: every id parameter of every route', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let params: Param[];
  let A: { accountId: string; token: string; tokenId: string };
  let B: { accountId: string; token: string; tokenId: string };
  let C: { accountId: string; token: string; tokenId: string };
  /** Per kind, the bodies of A's events outside its limits: none may ever be in an answer to such a token. */
  const markers = {} as Record<Kind, string[]>;
  /** Per kind: the limited token with objects inside its limits, the values outside them, and the reference's. */
  const stable = {} as Record<Kind, { token: string; inside: Ids }>;
  const outside = {} as Record<Kind, Partial<Record<Field, string[]>>>;
  let reference: Ids;
  let teamT = '';
  let teamU = '';

  const api = (path: string, token: string, init: { method?: string; json?: unknown } = {}): Promise<Reply> =>
    call(rehook.apiUrl, path, { ...init, authorization: bearer(token) });

  async function ok(reply: Promise<Reply>, status: number, what: string): Promise<any> {
    const r = await reply;
    assert.equal(r.status, status, `setup: ${what}: ${r.text}`);
    return r.body;
  }

  /** A saved (or, token undefined, anonymous) inbox with one event, a bulk replay job and (saved) a link. */
  async function inboxWith(
    maker: string | undefined,
    label: string,
    teamId?: string,
  ): Promise<{ inbox: string; event: string; job: string; share: string | null; marker: string }> {
    const made = await call(rehook.apiUrl, '/api/v1/inboxes', {
      method: 'POST',
      ...(maker === undefined ? {} : { authorization: bearer(maker) }),
      ...(teamId === undefined ? {} : { json: { teamId } }),
    });
    assert.equal(made.status, 201, made.text);
    const inbox: string = made.body.data.inbox.id;
    const marker = `limited-ids-marker-${label}-${inbox}`;
    assert.equal(await ingest(rehook, inbox, `/${label}`, marker), 200);
    const [event] = await rehook.deps.store.events.listByInbox(inbox, { limit: 1 });
    assert.ok(event);
    const job = await ok(
      api(`/api/v1/inboxes/${inbox}/replays`, maker ?? A.token, {
        method: 'POST',
        json: { destination: 'http://127.0.0.1:9/limited-setup', ratePerSecond: 100 },
      }),
      202,
      `job of ${label}`,
    );
    const share =
      maker === undefined
        ? null
        : (await ok(api(`/api/v1/inboxes/${inbox}/shares`, maker, { method: 'POST' }), 201, 'share')).data.share.id;
    return { inbox, event: event.id, job: job.data.job.id, share, marker };
  }

  async function newTeam(owner: string, name: string): Promise<string> {
    return (await ok(api('/api/v1/teams', owner, { method: 'POST', json: { name } }), 201, 'team')).data.team.id;
  }

  async function invitation(owner: string, teamId: string): Promise<{ id: string; token: string }> {
    const made = await ok(
      api(`/api/v1/teams/${teamId}/invitations`, owner, { method: 'POST', json: { role: 'viewer' } }),
      201,
      'invitation',
    );
    return { id: made.data.invitation.id, token: made.data.invitation.token };
  }

  async function join(owner: string, teamId: string, joiner: string): Promise<void> {
    const { token } = await invitation(owner, teamId);
    await ok(api(`/api/v1/invitations/${token}/accept`, joiner, { method: 'POST' }), 200, 'join');
  }

  async function firstAuditEntry(owner: string, teamId: string): Promise<string> {
    const log = await ok(api(`/api/v1/teams/${teamId}/audit`, owner), 200, 'audit');
    return log.data.entries[0].id;
  }

  async function limitedToken(json: Record<string, unknown>): Promise<string> {
    const made = await ok(
      api('/api/v1/tokens', A.token, { method: 'POST', json: { name: 'limited', ...json } }),
      201,
      'token',
    );
    return made.data.token.token;
  }

  /** Objects inside the limits of a new token of the kind (fresh: the call may change or delete them). */
  async function freshInside(kind: Kind): Promise<{ token: string; inside: Ids }> {
    const session = await newSession(rehook, A.accountId);
    const other = await extraToken(rehook, A.accountId, 'inside');
    if (kind === 'inboxes') {
      const o = await inboxWith(A.token, 'inside');
      const token = await limitedToken({ inboxIds: [o.inbox] });
      return {
        token,
        inside: {
          inbox: o.inbox,
          event: o.event,
          job: o.job,
          share: o.share,
          team: null,
          bodyTeam: null,
          member: null,
          invitation: null,
          token: other.tokenId,
          session: session.sessionId,
          against: o.event,
          cursor: o.event,
          auditCursor: null,
          actor: A.accountId,
        },
      };
    }
    const teamId = await newTeam(A.token, 'Inside');
    const o = await inboxWith(A.token, 'inside-team', teamId);
    const member = await newAccount(rehook, 'limited-inside-member');
    await join(A.token, teamId, member.token);
    const inv = await invitation(A.token, teamId);
    const token = await limitedToken({ teamId });
    return {
      token,
      inside: {
        inbox: o.inbox,
        event: o.event,
        job: o.job,
        share: o.share,
        team: teamId,
        bodyTeam: teamId,
        member: member.accountId,
        invitation: inv.id,
        token: other.tokenId,
        session: session.sessionId,
        against: o.event,
        cursor: o.event,
        auditCursor: await firstAuditEntry(A.token, teamId),
        actor: A.accountId,
      },
    };
  }

  function request(param: Param, ids: Ids): { path: string; json: unknown; stream: boolean } {
    let path = param.template.replace(/\{(\w+)\}/g, (_m, name: string) => {
      // Path parameters that are no ids (an event type, an invitation's token) get a plain value.
      if (!ID_NAME.test(name)) return name === 'eventType' ? 'limited.type' : 'unknown';
      return ids[fieldOf(param.method, param.template, 'path', name)] ?? 'unknown';
    });
    const query = new URLSearchParams();
    for (const name of param.requiredQuery) {
      if (!(param.in === 'query' && param.name === name))
        query.set(name, ids[fieldOf(param.method, param.template, 'query', name)] ?? '');
    }
    if (param.in === 'query') query.set(param.name, ids[param.field] ?? '');
    if (param.template.endsWith('/events/next')) query.set('timeout', '0');
    const search = query.toString();
    if (search !== '') path += `?${search}`;
    return {
      path,
      json: bodyFor(param.method, param.template, ids, param),
      stream: param.template.endsWith('/stream'),
    };
  }

  async function send(param: Param, ids: Ids, token: string): Promise<Reply> {
    const { path, json, stream } = request(param, ids);
    if (stream) return streamStatus(rehook.apiUrl, path, bearer(token));
    return api(path, token, { method: param.method, ...(json === undefined ? {} : { json }) });
  }

  before(async () => {
    receiver = await startReceiver();
    receiverUrl = receiver.url;
    rehook = await startTestRehook({ env: { ...AUTHZ_ENV, REHOOK_RATE_SIGNIN: '0' } });
    A = await newAccount(rehook, 'limited-a');
    B = await newAccount(rehook, 'limited-b');
    C = await newAccount(rehook, 'limited-c');
    const doc = (await call(rehook.apiUrl, '/api/v1/openapi.json')).body;
    params = idParams(doc);

    // A's objects: the limited tokens' insides, and what lies outside them.
    teamT = await newTeam(A.token, 'T');
    teamU = await newTeam(A.token, 'U');
    await join(A.token, teamU, C.token);
    const IN = await inboxWith(A.token, 'in');
    const TIN = await inboxWith(A.token, 'tin', teamT);
    const OUT = await inboxWith(A.token, 'out');
    const UIN = await inboxWith(A.token, 'uin', teamU);
    const ANON = await inboxWith(undefined, 'anon');
    markers.inboxes = [OUT, UIN, ANON, TIN].map((o) => o.marker);
    markers.team = [OUT, UIN, ANON, IN].map((o) => o.marker);
    const invU = await invitation(A.token, teamU);
    const auditU = await firstAuditEntry(A.token, teamU);
    const otherTokenOfA = await extraToken(rehook, A.accountId, 'other');
    const sessionOfA = await newSession(rehook, A.accountId);

    const inboxesToken = await limitedToken({ inboxIds: [IN.inbox] });
    const teamToken = await limitedToken({ teamId: teamT });
    const base = {
      token: (await extraToken(rehook, A.accountId, 'inside')).tokenId,
      session: (await newSession(rehook, A.accountId)).sessionId,
      actor: A.accountId,
    };
    stable.inboxes = {
      token: inboxesToken,
      inside: {
        ...base,
        inbox: IN.inbox,
        event: IN.event,
        job: IN.job,
        share: IN.share,
        team: null,
        bodyTeam: null,
        member: null,
        invitation: null,
        against: IN.event,
        cursor: IN.event,
        auditCursor: null,
      },
    };
    stable.team = {
      token: teamToken,
      inside: {
        ...base,
        inbox: TIN.inbox,
        event: TIN.event,
        job: TIN.job,
        share: TIN.share,
        team: teamT,
        bodyTeam: teamT,
        member: A.accountId,
        invitation: (await invitation(A.token, teamT)).id,
        against: TIN.event,
        cursor: TIN.event,
        auditCursor: await firstAuditEntry(A.token, teamT),
      },
    };
    // TIN is outside a token limited to IN (the account reaches it through its team), not a team token's.
    const inboxesOutside = [OUT, TIN, ANON];
    const teamOutside = [OUT, UIN, ANON];
    const shared = {
      member: [C.accountId],
      invitation: [invU.id],
      token: [otherTokenOfA.tokenId],
      session: [sessionOfA.sessionId],
      auditCursor: [auditU],
      actor: [C.accountId],
    };
    const objects = (list: typeof inboxesOutside) => ({
      inbox: list.map((o) => o.inbox),
      event: list.map((o) => o.event),
      job: list.map((o) => o.job),
      share: list.flatMap((o) => (o.share === null ? [] : [o.share])),
      against: list.map((o) => o.event),
      cursor: list.map((o) => o.event),
    });
    outside.inboxes = { ...shared, ...objects(inboxesOutside), team: [teamT, teamU], bodyTeam: [teamT, teamU] };
    outside.team = { ...shared, ...objects(teamOutside), team: [teamU], bodyTeam: [teamU] };

    // B's objects: another account's, the reference every outside id is answered like.
    const teamB = await newTeam(B.token, 'B');
    const BIN = await inboxWith(B.token, 'bin');
    const invB = await invitation(B.token, teamB);
    const sessionOfB = await newSession(rehook, B.accountId);
    reference = {
      inbox: BIN.inbox,
      event: BIN.event,
      job: BIN.job,
      share: BIN.share,
      team: teamB,
      bodyTeam: teamB,
      member: B.accountId,
      invitation: invB.id,
      token: B.tokenId,
      session: sessionOfB.sessionId,
      against: BIN.event,
      cursor: BIN.event,
      auditCursor: await firstAuditEntry(B.token, teamB),
      actor: B.accountId,
    };
  });

  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  it('finds the id parameters of the routes in the OpenAPI document', () => {
    const names = new Set(params.map((p) => `${p.in}:${p.name}`));
    // The second ids the security review named must be among them.
    for (const name of ['query:against', 'body:eventIds', 'body:eventId', 'body:teamId', 'path:jobId', 'path:teamId']) {
      assert.ok(names.has(name), `${name} is not found: ${[...names].join(', ')}`);
    }
    assert.ok(params.length > 60, `only ${params.length} id parameters`);
  });

  for (const kind of ['inboxes', 'team'] as const) {
    it(`answers every id outside a token limited to ${kind === 'team' ? 'a team' : 'some inboxes'} as another account's object`, async () => {
      const mismatches: string[] = [];
      const where = (p: Param) => `${p.method} ${p.template} ${p.in}:${p.name}`;
      for (const param of params) {
        const { token, inside } = stable[kind];
        const refused = param.refusedFor.includes(kind);
        const isCursor = CURSORS.includes(param.field);
        const values = outside[kind][param.field] ?? [];
        if (values.length === 0) mismatches.push(`${where(param)}: no outside object for ${param.field}`);
        const ref = await send(param, { ...inside, [param.field]: reference[param.field] }, token);
        if (refused && (ref.status !== 403 || ref.code !== 'INSUFFICIENT_SCOPE')) {
          mismatches.push(`${where(param)}: a route refused to the token answers ${ref.status} ${ref.code}`);
        }
        if (!refused && !isCursor && ref.status < 400) {
          mismatches.push(`${where(param)}: another account's ${param.field} is answered ${ref.status}`);
        }
        for (const value of values) {
          const ids = { ...inside, [param.field]: value };
          const asked = request(param, ids);
          const insideAsked = request(param, inside);
          if (asked.path === insideAsked.path && JSON.stringify(asked.json) === JSON.stringify(insideAsked.json)) {
            mismatches.push(`${where(param)}: the call does not carry the parameter`);
            continue;
          }
          const reply = await send(param, ids, token);
          const leaked = markers[kind].filter((m) => reply.text.includes(m));
          if (reply.status !== ref.status || reply.code !== ref.code || leaked.length > 0) {
            mismatches.push(
              `${where(param)} = ${value}: ${reply.status} ${reply.code}, another account's: ${ref.status} ${ref.code}` +
                (leaked.length > 0 ? `; the answer holds ${leaked.join(', ')}` : '') +
                ` ${reply.text.slice(0, 160)}`,
            );
          }
        }
        // Inside the limits the same call gets past the access rules: the id is what was refused.
        if (!refused && inside[param.field] !== null) {
          const fresh = await freshInside(kind);
          const reply = await send(param, fresh.inside, fresh.token);
          if (reply.status >= 500 || ACCESS_REFUSALS.has(reply.code)) {
            mismatches.push(
              `${where(param)}: refused inside the limits too: ${reply.status} ${reply.text.slice(0, 200)}`,
            );
          }
        }
      }
      assert.deepEqual(mismatches, []);
    });
  }

  it('left every object outside the limits as it was', async () => {
    for (const kind of ['inboxes', 'team'] as const) {
      for (const inbox of outside[kind].inbox ?? []) {
        const read = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox}`, { authorization: bearer(A.token) });
        assert.equal(read.status, 200, `${inbox}: ${read.text}`);
        assert.equal(read.body.data.inbox.eventCount, 1, `${inbox} lost its event`);
      }
    }
    const members = await api(`/api/v1/teams/${teamU}/members`, A.token);
    assert.equal(members.body.data.members.length, 2, members.text);
    const teams = await api('/api/v1/teams', A.token);
    assert.ok(teams.body.data.teams.some((t: { id: string }) => t.id === teamT));
  });
});
