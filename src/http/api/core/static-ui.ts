import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { AppError } from '../../../errors.js';
import { routeSchema, type RouteDoc } from './route-schema.js';

/**
 * The web app (ui/, built by `npm run build` into dist/ui) served by the API listener, never by
 * the ingest origin: captured content and the app must not share an origin.
 *
 * - `GET /` and the app's client routes answer index.html (`Cache-Control: no-cache`, so a new
 *   release is picked up at once);
 * - `GET /assets/<file>` answers the hashed bundles (`immutable`, one year: a file's name changes
 *   whenever its content does);
 * - every other GET/HEAD of a non-API path whose client accepts HTML gets index.html with a 404,
 *   so the app shows its "not found" page (API paths keep their JSON 404).
 *
 * Every answer carries a strict Content-Security-Policy: scripts, styles and connections from
 * this origin only, no inline script, no eval, no framing. Captured requests are hostile; the
 * app never turns their content into markup, and the CSP is the second line if it ever did.
 *
 * The files are read once at start and kept in memory with a gzip copy (the whole app is a
 * few hundred KiB); a rebuild is picked up by the next start.
 */

export const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The app's client routes (ui/src/router.ts): each is served index.html. */
export const UI_ROUTES = [
  '/',
  '/inboxes/:inboxId',
  '/inboxes/:inboxId/events/:eventId',
  '/inboxes/:inboxId/types',
  '/inboxes/:inboxId/types/:eventType',
  '/signin',
  '/signup',
  '/dashboard',
  '/settings',
  '/settings/tokens',
  '/settings/audit',
  '/tokens',
  '/s/:shareToken',
  '/teams',
  '/teams/:teamId',
  '/teams/:teamId/audit',
  '/join/:invitationToken',
] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

interface StaticFile {
  readonly type: string;
  readonly body: Buffer;
  /** Present when gzip makes it smaller. */
  readonly gzip: Buffer | null;
  readonly etag: string;
}

export interface UiFiles {
  /** Where the build was found; null when the app is not built. */
  readonly dir: string | null;
  readonly index: StaticFile;
  readonly assets: ReadonlyMap<string, StaticFile>;
}

function staticFile(body: Buffer, type: string): StaticFile {
  const compressed =
    /^(text\/|image\/svg|application\/json)/.test(type) && body.length > 512 ? gzipSync(body, { level: 9 }) : null;
  return {
    type,
    body,
    gzip: compressed !== null && compressed.length < body.length ? compressed : null,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

/** Served when there is no build: a clone where `npm run build` did not run. */
const NOT_BUILT = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rehook</title></head><body>' +
    '<h1>Rehook</h1><p>The web app is not built in this installation: run <code>npm run build</code>. ' +
    'The API is at <code>/api/v1</code> (<a href="/api/v1/openapi.json">OpenAPI document</a>).</p></body></html>',
);

/**
 * The build of the app: dist/ui next to the compiled server (dist/src/http/api/core → dist/ui), or,
 * when running from the TypeScript sources (tests, tsx), the repository's dist/ui.
 */
export function defaultUiDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const compiled = /[\\/]dist[\\/]src[\\/]http[\\/]api[\\/]core[\\/]?$/.test(here);
  return compiled ? join(here, '..', '..', '..', '..', 'ui') : join(here, '..', '..', '..', '..', 'dist', 'ui');
}

export function loadUiFiles(dir: string = defaultUiDir()): UiFiles {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) {
    return { dir: null, index: staticFile(NOT_BUILT, 'text/html; charset=utf-8'), assets: new Map() };
  }
  const assets = new Map<string, StaticFile>();
  const assetDir = join(dir, 'assets');
  if (existsSync(assetDir)) {
    for (const name of readdirSync(assetDir)) {
      const type = TYPES[extname(name)];
      if (type !== undefined) assets.set(name, staticFile(readFileSync(join(assetDir, name)), type));
    }
  }
  return { dir, index: staticFile(readFileSync(indexPath), 'text/html; charset=utf-8'), assets };
}

function acceptsGzip(request: FastifyRequest): boolean {
  const accept = request.headers['accept-encoding'];
  return typeof accept === 'string' && /\bgzip\b(?!;\s*q=0(\.0+)?\b)/.test(accept);
}

/** The security headers of every page and asset of the app. */
function securityHeaders(reply: FastifyReply): void {
  void reply
    .header('content-security-policy', UI_CONTENT_SECURITY_POLICY)
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('cross-origin-resource-policy', 'same-origin');
}

function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cacheControl: string,
  status = 200,
): FastifyReply {
  securityHeaders(reply);
  void reply
    .code(status)
    .header('content-type', file.type)
    .header('cache-control', cacheControl)
    .header('etag', file.etag);
  if (file.gzip !== null) {
    void reply.header('vary', 'accept-encoding');
    if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(file.gzip);
  }
  return reply.send(file.body);
}

/** A route of the web app in the OpenAPI document: under its own tag, next to the API. */
function webAppSchema(doc: Omit<RouteDoc, 'tag'>): FastifySchema {
  return { ...routeSchema('GET', { ...doc, tag: 'Operations' }), tags: ['Web app'] } as FastifySchema;
}

const HtmlPage = {
  description: 'The web app (index.html); the app renders the page for this path.',
  mediaType: 'text/html',
};

/** Registers the app's routes on the API listener and returns the not-found fallback. */
export function registerUiRoutes(app: FastifyInstance, files: UiFiles = loadUiFiles()): UiFallback {
  for (const url of UI_ROUTES) {
    const params = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    app.get(
      url,
      {
        config: { uiAsset: true },
        schema: webAppSchema({
          operationId: `webApp${url === '/' ? 'Home' : url.replace(/[/:](\w)/g, (_m, c: string) => c.toUpperCase()).replace(/\W/g, '')}`,
          summary: `Web app page ${url}`,
          description:
            'Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, ' +
            '`Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.',
          access: 'public',
          scope: 'none',
          ...(params.length > 0
            ? { params: Type.Object(Object.fromEntries(params.map((name) => [name, Type.String()]))) }
            : {}),
          responses: { 200: HtmlPage },
          errors: [],
        }),
      },
      async (request, reply) => sendFile(request, reply, files.index, 'no-cache'),
    );
  }

  app.get(
    '/assets/:file',
    {
      config: { uiAsset: true },
      schema: webAppSchema({
        operationId: 'webAppAsset',
        scope: 'none',
        summary: 'A file of the web app (script, style sheet, icon)',
        description:
          'Content-hashed names, so they are cached for a year (`Cache-Control: public, max-age=31536000, immutable`). ' +
          'Never from a CDN: Rehook works air-gapped.',
        access: 'public',
        params: Type.Object({ file: Type.String({ description: 'File name, e.g. index-4f3a2b1c.js.' }) }),
        responses: { 200: { description: 'The file.', mediaType: '*/*' } },
        errors: ['NOT_FOUND'],
      }),
    },
    async (request, reply) => {
      const name = (request.params as { file?: string }).file ?? '';
      const file = files.assets.get(name);
      if (file === undefined) throw new AppError('NOT_FOUND');
      return sendFile(request, reply, file, IMMUTABLE);
    },
  );

  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/')) return false;
    const accept = request.headers.accept;
    if (typeof accept !== 'string' || !accept.includes('text/html')) return false;
    void sendFile(request, reply, files.index, 'no-cache', 404);
    return true;
  };
}

/** Answers an unrouted request with the app's page when that is what the client wants. */
export type UiFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page or file of the web app: served without looking at credentials. */
    uiAsset?: boolean;
  }
}
