import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_CODES, StorageError, type ErrorCode } from '../../../errors.js';

/** Errors Fastify raises before routing (bad percent-encoding, over-long path parameters). */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code: ErrorCode =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'VALIDATION_FAILED';
  void reply.code(ERROR_CODES[code].status).send(errorBody(code, ERROR_CODES[code].message));
}

export function errorBody(code: ErrorCode, message: string, extra?: Readonly<Record<string, unknown>>) {
  return { error: { code, message, ...extra } };
}

/** Fastify's own 4xx errors, mapped to catalogue codes so clients see one vocabulary. */
const FASTIFY_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_BAD_URL: 'NOT_FOUND',
  FST_ERR_ASYNC_CONSTRAINT: 'VALIDATION_FAILED',
};

/**
 * The one place where errors become responses: AppError → its status and code; Fastify client
 * errors → catalogue codes; StorageError → 503; anything else → an opaque 500 (logged with its
 * cause, never shown to the client).
 */
export function installErrorHandling(
  app: FastifyInstance,
  /** Answers an unrouted request itself (the web app's page for browsers) and says so. */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send(errorBody(err.code, err.message, err.extra));
    }
    if (err instanceof StorageError) {
      request.log.error({ err }, 'storage failure');
      return reply.code(503).send(errorBody('STORAGE_UNAVAILABLE', ERROR_CODES.STORAGE_UNAVAILABLE.message));
    }
    const fastifyErr = err as FastifyError;
    const mapped = fastifyErr.code ? FASTIFY_CODES[fastifyErr.code] : undefined;
    if (mapped) {
      return reply.code(ERROR_CODES[mapped].status).send(errorBody(mapped, ERROR_CODES[mapped].message));
    }
    if (fastifyErr.validation) {
      return reply.code(400).send(errorBody('VALIDATION_FAILED', ERROR_CODES.VALIDATION_FAILED.message));
    }
    const status = fastifyErr.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Prototype poisoning and other client mistakes Fastify detects itself.
      return reply.code(400).send(errorBody('VALIDATION_FAILED', ERROR_CODES.VALIDATION_FAILED.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', ERROR_CODES.INTERNAL.message));
  });
  app.setNotFoundHandler((request, reply) => {
    if (notFoundFallback?.(request, reply) === true) return reply;
    return reply.code(404).send(errorBody('NOT_FOUND', ERROR_CODES.NOT_FOUND.message));
  });
}
