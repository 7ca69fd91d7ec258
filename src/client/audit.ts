import { type ApiTransport, dataOf, id, searchOf } from './transport.js';
import type { AuditEntry, AuditPage, AuditPageOptions } from './types.js';

// The audit logs (docs/teams.md, "Audit log"): one's own, and a team's (owners and admins).

async function page(api: ApiTransport, path: string, options: AuditPageOptions): Promise<AuditPage> {
  const query = new URLSearchParams();
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  if (options.before != null) query.set('before', options.before);
  if (options.action !== undefined && options.action !== '') query.set('action', options.action);
  if (options.actor !== undefined && options.actor !== '') query.set('actor', options.actor);
  const response = await api.send('GET', path + searchOf(query));
  const data = await dataOf(response, (d) => Array.isArray(d['entries']));
  const next = data['nextBefore'];
  return { entries: data['entries'] as AuditEntry[], nextBefore: typeof next === 'string' ? next : null };
}

export function accountAudit(api: ApiTransport, options: AuditPageOptions = {}): Promise<AuditPage> {
  return page(api, '/api/v1/account/audit', options);
}

export function teamAudit(api: ApiTransport, teamId: string, options: AuditPageOptions = {}): Promise<AuditPage> {
  return page(api, `/api/v1/teams/${id(teamId)}/audit`, options);
}

/** The actions an audit log records (docs/teams.md), for filters. */
export { AUDIT_ACTIONS } from '../domain/audit.js';
