// Which declared routes of the API (src/http/api/*/routes.ts, addEndpoint) the authorization
// matrix tries: a route is tried by the entries (index.ts) that call its path (`:id` for an inbox,
// event, job or token id, `:type` for an event type), unless it is listed below with where its
// access rules are tested instead. matrix-routes.test.ts fails when a declared route is in
// neither, or an entry calls no declared route: a new endpoint cannot slip past the matrix.
import { ENDPOINTS, type EndpointName } from './index.js';

// Where the access of a group of routes is tested.
const TEAMS = 'teams: test/authz/teams.test.ts, test/authz/invitation-rights.test.ts';
const THE_ACCOUNT = 'the account itself: test/integration/api/account/account-settings.test.ts';
const SESSIONS = 'browser sessions: test/integration/api/auth/auth.test.ts';
const SINGLE_SIGN_ON = 'single sign-on: test/integration/api/auth/single-sign-on.test.ts';
const PUBLIC = 'public, no credential decides anything';

/** Declared routes the matrix does not call, and where their access is tested. */
export const NOT_IN_MATRIX: Readonly<Record<string, string>> = {
  'GET /healthz': PUBLIC,
  'GET /readyz': PUBLIC,
  'GET /metrics': PUBLIC,
  'PUT /api/v1/inboxes/:inboxId/owner': TEAMS,
  'GET /api/v1/events/:eventId/meta':
    'as GET /api/v1/events/:id: test/integration/api/events/events.test.ts, test/authz/teams.test.ts',
  'GET /api/v1/replay-jobs/:jobId':
    'bulk replay jobs: test/integration/api/replay-jobs/replay-jobs.test.ts, test/authz/teams.test.ts',
  'DELETE /api/v1/replay-jobs/:jobId':
    'bulk replay jobs: test/integration/api/replay-jobs/replay-jobs.test.ts, test/authz/teams.test.ts',
  'POST /api/v1/auth/signup': SESSIONS,
  'POST /api/v1/auth/signin': SESSIONS,
  'GET /api/v1/auth/session': SESSIONS,
  'POST /api/v1/auth/signout': SESSIONS,
  'POST /api/v1/auth/signout-everywhere': SESSIONS,
  'GET /api/v1/auth/methods': SINGLE_SIGN_ON,
  'GET /api/v1/auth/oidc/start': SINGLE_SIGN_ON,
  'GET /api/v1/account/single-sign-on': SINGLE_SIGN_ON,
  'POST /api/v1/account/single-sign-on/link': SINGLE_SIGN_ON,
  'GET /api/v1/auth/oidc/callback': SINGLE_SIGN_ON,
  'GET /api/v1/account': THE_ACCOUNT,
  'PATCH /api/v1/account': THE_ACCOUNT,
  'POST /api/v1/account/password': THE_ACCOUNT,
  'GET /api/v1/account/sessions': THE_ACCOUNT,
  'DELETE /api/v1/account/sessions/:sessionId': THE_ACCOUNT,
  'DELETE /api/v1/account/sessions': THE_ACCOUNT,
  'DELETE /api/v1/account': THE_ACCOUNT,
  'POST /api/v1/teams': TEAMS,
  'GET /api/v1/teams': TEAMS,
  'GET /api/v1/teams/:teamId': TEAMS,
  'PATCH /api/v1/teams/:teamId': TEAMS,
  'DELETE /api/v1/teams/:teamId': TEAMS,
  'GET /api/v1/teams/:teamId/members': TEAMS,
  'PATCH /api/v1/teams/:teamId/members/:accountId': TEAMS,
  'DELETE /api/v1/teams/:teamId/members/:accountId': TEAMS,
  'POST /api/v1/teams/:teamId/invitations': TEAMS,
  'GET /api/v1/teams/:teamId/invitations': TEAMS,
  'DELETE /api/v1/teams/:teamId/invitations/:invitationId': TEAMS,
  'GET /api/v1/invitations/:token': TEAMS,
  'POST /api/v1/invitations/:token/accept': TEAMS,
  'GET /api/v1/teams/:teamId/audit': TEAMS,
  'GET /api/v1/openapi.json': PUBLIC,
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
