import type { LoggerOptions } from 'pino';

/**
 * Paths pino censors in every log record of the server, JSON or pretty (src/server-logger.ts).
 * Nothing logs request bodies or signature settings today (request logging is off, errors carry
 * no secrets); this keeps a signature secret or the server key out of the log should an object
 * holding one ever be logged (docs/signatures.md).
 */
export const LOG_REDACTION: NonNullable<LoggerOptions['redact']> = {
  paths: ['secret', '*.secret', '*.*.secret', 'secretKey', '*.secretKey', 'sealedSecret', '*.sealedSecret'],
  censor: '[REDACTED]',
};
