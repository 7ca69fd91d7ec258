import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ApiAbuseControls } from '../../abuse/api-limits.js';
import { clientAddress, rateLimited } from '../../abuse/api-limits.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../services/deps.js';
import { requireAccount } from '../../services/auth.js';
import { handleFrameworkError, installErrorHandling } from './errors.js';
import { authenticateRequest } from './request.js';
import { registerEventRoutes } from './routes/events.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerMetricsRoutes } from './routes/metrics.js';
import { registerInboxRoutes } from './routes/inboxes.js';
import { registerReplayRoutes } from './routes/replays.js';
import { registerStreamRoutes } from './routes/stream.js';
import { registerTokenRoutes } from './routes/tokens.js';

export interface ApiContext {
  readonly deps: ServiceDeps;
  /** Public origin of the ingest listener (known only once it is bound, hence a function). */
  readonly ingestOrigin: () => string;
  readonly logger: Logger;
  readonly trustProxy: boolean;
  /** Prometheus text for `GET /metrics`; absent = no /metrics route. */
  readonly metrics?: () => string;
  /** Per-IP and concurrency limits (src/abuse); absent = no limits. */
  readonly abuse?: ApiAbuseControls;
}

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
    // An address past its failed-authentication budget gets 429 for anything that carries a
    // token until its window passes (guessing tokens gains nothing); requests without one go on.
    const carriesToken = ctx.abuse !== undefined && request.headers.authorization !== undefined;
    if (carriesToken) {
      const budget = ctx.abuse.authFailures.check(clientAddress(request, ctx.trustProxy));
      if (!budget.ok) throw rateLimited(reply, budget.retryAfterMs, 'Too many failed authentications from this address');
    }
    try {
      request.principal = await authenticateRequest(ctx.deps, request);
    } catch (err) {
      if (carriesToken && err instanceof AppError && err.code === 'UNAUTHORIZED') ctx.abuse?.authFailures.take(clientAddress(request, ctx.trustProxy));
      throw err;
    }
    if (request.routeOptions.config.requiresAccount === true) requireAccount(request.principal);
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    void reply.header('cache-control', 'no-store');
    void reply.header('x-content-type-options', 'nosniff');
  });
  installErrorHandling(app);
  registerHealthRoutes(app, ctx);
  if (ctx.metrics) registerMetricsRoutes(app, ctx.metrics);
  registerInboxRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerStreamRoutes(app, ctx);
  registerReplayRoutes(app, ctx);
  registerTokenRoutes(app, ctx);
  return app;
}
