import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ServiceDeps } from '../../services/deps.js';
import { requireAccount } from '../../services/auth.js';
import { handleFrameworkError, installErrorHandling } from './errors.js';
import { authenticateRequest } from './request.js';
import { registerEventRoutes } from './routes/events.js';
import { registerHealthRoutes } from './routes/health.js';
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
    trustProxy: ctx.trustProxy,
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
  app.addHook('onRequest', async (request) => {
    request.principal = await authenticateRequest(ctx.deps, request);
    if (request.routeOptions.config.requiresAccount === true) requireAccount(request.principal);
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    void reply.header('cache-control', 'no-store');
    void reply.header('x-content-type-options', 'nosniff');
  });
  installErrorHandling(app);
  registerHealthRoutes(app, ctx);
  registerInboxRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerStreamRoutes(app, ctx);
  registerReplayRoutes(app, ctx);
  registerTokenRoutes(app, ctx);
  return app;
}
