import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { clientAddress, rateLimited } from '../../abuse/api-limits.js';
import { AppError } from '../../errors.js';
import { requireAccount } from '../../services/auth.js';
import { handleFrameworkError, installErrorHandling } from './core/errors.js';
import { authenticateRequest } from './core/request.js';
import type { ApiContext } from './core/context.js';
import { checkCsrf, clearFailedSessionCookie } from './core/session-cookie.js';
import { checkTokenScope } from './core/token-scope-check.js';
import { collectEndpoints, requiresAccount } from './core/endpoint.js';
import { OPENAPI_BASE } from './core/openapi.js';
import { registerAccountRoutes } from './account/routes.js';
import { registerAuditRoutes } from './audit/routes.js';
import { installAuditTrail } from './core/audit-trail.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerSingleSignOnRoutes } from './auth/single-sign-on.js';
import { registerEventRoutes } from './events/routes.js';
import { registerExportRoutes } from './export/routes.js';
import { registerDiffRoutes } from './diff/routes.js';
import { registerNextEventRoutes } from './stream/next-event.js';
import { registerOpenApiRoute } from './operations/openapi-route.js';
import { registerHealthRoutes } from './operations/health.js';
import { registerMetricsRoutes } from './operations/metrics.js';
import { registerInboxRoutes } from './inboxes/routes.js';
import { registerReplayRoutes } from './replays/routes.js';
import { registerReplayJobRoutes } from './replay-jobs/routes.js';
import { registerResponseRoutes } from './responses/routes.js';
import { registerForwardingRoutes } from './forwarding/routes.js';
import { registerAlertRoutes } from './alerts/routes.js';
import { registerShareRoutes } from './shares/routes.js';
import { registerSignatureRoutes } from './signatures/routes.js';
import { registerEventTypeRoutes } from './event-types/routes.js';
import { registerStreamRoutes } from './stream/routes.js';
import { registerTeamRoutes } from './teams/routes.js';
import { registerTokenRoutes } from './tokens/routes.js';
import { NAMED_SCHEMAS } from './core/schema-registry.js';
import { loadUiFiles, registerUiRoutes, type UiFallback } from './core/static-ui.js';

/** Largest API request body: API requests are small JSON documents. */
const API_BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the REST API app (not listening: main.ts listens, tests may inject). */
export function buildApiApp(ctx: ApiContext): FastifyInstance {
  const app: FastifyInstance = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    // One log line per request would cost more than the request; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: API_BODY_LIMIT_BYTES,
    // One hop: behind our proxy the client is the last X-Forwarded-For entry; earlier entries
    // are written by the client and must not be believed.
    trustProxy: ctx.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // Malformed URLs and over-long ids get the same error envelope as everything else.
    frameworkErrors: handleFrameworkError,
  });
  // Non-JSON bodies are kept as bytes so routes can answer 415 themselves (and ignore an empty
  // form body that `curl -X POST -d ''` sends), instead of failing before the route runs.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // Authentication runs before the body is parsed, so a request without a valid token never
  // learns anything about how its body would have been judged.
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    // Pages and files of the web app need no credentials (a stale cookie must not stop the app
    // from loading); the app's own API calls are authenticated as usual.
    if (request.routeOptions.config.uiAsset === true) return;
    // An address past its failed-authentication budget gets 429 for anything that carries a
    // token until its window passes (guessing tokens gains nothing); requests without one go on.
    const carriesToken = ctx.abuse !== undefined && request.headers.authorization !== undefined;
    if (carriesToken) {
      const budget = ctx.abuse.authFailures.check(clientAddress(request, ctx.trustProxy));
      if (!budget.ok)
        throw rateLimited(reply, budget.retryAfterMs, 'Too many failed authentications from this address');
    }
    try {
      request.principal = await authenticateRequest(ctx.deps, request);
    } catch (err) {
      if (carriesToken && err instanceof AppError && err.code === 'UNAUTHORIZED')
        ctx.abuse?.authFailures.take(clientAddress(request, ctx.trustProxy));
      clearFailedSessionCookie(request, reply, err, ctx.trustProxy);
      throw err;
    }
    // Before the body is parsed too: a forged request learns nothing about its body either.
    checkCsrf(request, request.principal);
    // A sharing link reads its inbox and events only: every route not declared `share: true`
    // refuses it (unrouted paths still answer 404).
    const endpoint = request.routeOptions.config.endpoint;
    if (request.principal.kind === 'share' && request.routeOptions.url !== undefined && endpoint?.share !== true) {
      throw new AppError('SHARE_READ_ONLY');
    }
    if (endpoint !== undefined && requiresAccount(endpoint)) requireAccount(request.principal);
    await checkTokenScope(ctx.deps, request, request.principal);
  });
  collectEndpoints(app);
  installAuditTrail(app, ctx.deps, { trustProxy: ctx.trustProxy, logger: ctx.logger });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // The web app's files set their own (immutable assets, no-cache pages); the API never caches.
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    void reply.header('x-content-type-options', 'nosniff');
  });
  if (ctx.inspectResponse) {
    const inspect = ctx.inspectResponse;
    app.addHook('onSend', async (request, reply, payload) => {
      inspect({
        method: request.method,
        route: request.routeOptions.url ?? null,
        url: request.url,
        status: reply.statusCode,
        contentType: reply.getHeader('content-type')?.toString(),
        body: typeof payload === 'string' ? payload : null,
      });
      return payload;
    });
  }
  // The web app (dist/ui); its not-found fallback answers browsers on unknown non-API paths.
  const ui = ctx.ui ?? loadUiFiles();
  let uiFallback: UiFallback | undefined;
  installErrorHandling(app, (request, reply) => uiFallback?.(request, reply) ?? false);
  // Route schemas document the API (the OpenAPI document is generated from them); they do not
  // validate or reshape anything at run time. Handlers validate their own input, with precise
  // messages and the contract's order of checks (401 before 415 before 400), and answers are
  // plain JSON.stringify, so a response that strays from its schema is not silently trimmed but
  // caught by the suites, which check every answer against the document. Decision 31 says why
  // Ajv stays off (measured: it would add code and weaken messages today).
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  for (const schema of NAMED_SCHEMAS) app.addSchema(schema);
  void app.register(fastifySwagger, OPENAPI_BASE);
  // Registered after the swagger plugin (in order, through the plugin queue), so it sees them all.
  void app.register(async (api) => {
    registerHealthRoutes(api, ctx);
    if (ctx.metrics) registerMetricsRoutes(api, ctx.metrics);
    registerInboxRoutes(api, ctx);
    registerEventRoutes(api, ctx);
    registerExportRoutes(api, ctx);
    registerDiffRoutes(api, ctx);
    registerNextEventRoutes(api, ctx);
    registerStreamRoutes(api, ctx);
    registerReplayRoutes(api, ctx);
    registerReplayJobRoutes(api, ctx);
    registerTokenRoutes(api, ctx);
    registerShareRoutes(api, ctx);
    registerSignatureRoutes(api, ctx);
    registerResponseRoutes(api, ctx);
    registerForwardingRoutes(api, ctx);
    registerEventTypeRoutes(api, ctx);
    registerAlertRoutes(api, ctx);
    registerAuthRoutes(api, ctx);
    registerSingleSignOnRoutes(api, ctx);
    registerAccountRoutes(api, ctx);
    registerTeamRoutes(api, ctx);
    registerAuditRoutes(api, ctx);
    registerOpenApiRoute(api);
    uiFallback = registerUiRoutes(api, ui);
  });
  return app;
}
