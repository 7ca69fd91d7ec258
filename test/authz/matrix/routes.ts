// Which declared routes of the API (src/http/api/*/routes.ts, addEndpoint) the authorization
// matrix tries: a route is tried by the entries (index.ts) that call its path (`:id` for an inbox,
// event, job or token id, `:type` for an event type), unless it is listed below with where its
// access rules are tested instead. matrix.test.ts fails when a declared route is in neither, or an
// entry calls no declared route: a new endpoint cannot slip past the matrix.
import { ENDPOINTS, type EndpointName } from './index.js';

/** Declared routes the matrix does not call, and where their access is tested. */
export const NOT_IN_MATRIX: Readonly<Record<string, string>> = {
  'GET /healthz': 'public, no credential decides anything',
  'GET /readyz': 'public, no credential decides anything',
  'GET /metrics': 'public, no credential decides anything',
  'PUT /api/v1/inboxes/:inboxId/owner': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'GET /api/v1/events/:eventId/meta':
    'as GET /api/v1/events/:id: test/integration/api/events.test.ts, test/authz/teams.test.ts',
  'GET /api/v1/replay-jobs/:jobId':
    'bulk replay jobs: test/integration/api/replay-jobs.test.ts, test/authz/teams.test.ts',
  'DELETE /api/v1/replay-jobs/:jobId':
    'bulk replay jobs: test/integration/api/replay-jobs.test.ts, test/authz/teams.test.ts',
  'POST /api/v1/auth/signup': 'browser sessions: test/integration/api/auth.test.ts',
  'POST /api/v1/auth/signin': 'browser sessions: test/integration/api/auth.test.ts',
  'GET /api/v1/auth/session': 'browser sessions: test/integration/api/auth.test.ts',
  'POST /api/v1/auth/signout': 'browser sessions: test/integration/api/auth.test.ts',
  'POST /api/v1/auth/signout-everywhere': 'browser sessions: test/integration/api/auth.test.ts',
  'GET /api/v1/auth/methods': 'single sign-on: test/integration/api/single-sign-on*.test.ts',
  'GET /api/v1/auth/oidc/start': 'single sign-on: test/integration/api/single-sign-on*.test.ts',
  'GET /api/v1/account/single-sign-on': 'single sign-on: test/integration/api/single-sign-on*.test.ts',
  'POST /api/v1/account/single-sign-on/link': 'single sign-on: test/integration/api/single-sign-on*.test.ts',
  'GET /api/v1/auth/oidc/callback': 'single sign-on: test/integration/api/single-sign-on*.test.ts',
  'GET /api/v1/account': 'the account itself: test/integration/api/account-settings.test.ts',
  'PATCH /api/v1/account': 'the account itself: test/integration/api/account-settings.test.ts',
  'POST /api/v1/account/password': 'the account itself: test/integration/api/account-settings.test.ts',
  'GET /api/v1/account/sessions': 'the account itself: test/integration/api/account-settings.test.ts',
  'DELETE /api/v1/account/sessions/:sessionId': 'the account itself: test/integration/api/account-settings.test.ts',
  'DELETE /api/v1/account/sessions': 'the account itself: test/integration/api/account-settings.test.ts',
  'DELETE /api/v1/account': 'the account itself: test/integration/api/account-settings.test.ts',
  'POST /api/v1/teams': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'GET /api/v1/teams': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'GET /api/v1/teams/:teamId': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'PATCH /api/v1/teams/:teamId': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'DELETE /api/v1/teams/:teamId': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'GET /api/v1/teams/:teamId/members': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'PATCH /api/v1/teams/:teamId/members/:accountId': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'DELETE /api/v1/teams/:teamId/members/:accountId': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'POST /api/v1/teams/:teamId/invitations': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'GET /api/v1/teams/:teamId/invitations': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'DELETE /api/v1/teams/:teamId/invitations/:invitationId':
    'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'GET /api/v1/invitations/:token': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'POST /api/v1/invitations/:token/accept': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'GET /api/v1/teams/:teamId/audit': 'teams: test/authz/teams.test.ts, invitation-rights.test.ts',
  'GET /api/v1/openapi.json': 'public, no credential decides anything',
};

/** The route a matrix entry calls: `METHOD /path` with its query and label left out. */
function routeOfEntry(name: string): string {
  const [method, path = ''] = name.split(' ');
  return `${method} ${path.split('?')[0]}`;
}

/** The matrix's spelling of a declared route. */
function matrixSpelling(route: string): string {
  return route.replace(/:(inboxId|eventId|jobId|tokenId)\b/g, ':id').replace(/:eventType\b/g, ':type');
}

/** The matrix's entries that call a declared route. */
export function entriesCalling(route: string): EndpointName[] {
  const spelled = matrixSpelling(route);
  return (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => routeOfEntry(name) === spelled);
}
