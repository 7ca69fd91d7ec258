#!/usr/bin/env node
import { RehookApiError, RehookConnectionError } from '../client/errors.js';
import { AppError, ConfigError, StorageError } from '../errors.js';
import { runCli } from './cli.js';
import { EXIT, ExitError, UsageError } from './exit.js';
import { flushOutput, processIo, type CliIO } from './io.js';

/** The one place where errors become messages and exit codes (see EXIT in exit.ts). */
function exitCodeFor(err: unknown, io: CliIO): number {
  if (err instanceof UsageError) {
    io.stderr(`rehook: ${err.message}`);
    io.stderr(err.hint);
    return err.code;
  }
  if (err instanceof ExitError) {
    if (err.message !== '') io.stderr(`rehook: ${err.message}`);
    return err.code;
  }
  if (err instanceof ConfigError) {
    // One line, naming every invalid setting: `rehook: invalid configuration: REHOOK_PORT ...`.
    io.stderr(`rehook: ${err.message}`);
    return EXIT.USAGE;
  }
  if (err instanceof RehookApiError || err instanceof AppError) {
    io.stderr(`rehook: ${err.code}: ${err.message}`);
    return EXIT.FAILURE;
  }
  if (err instanceof RehookConnectionError) {
    io.stderr(`rehook: ${err.message}`);
    io.stderr("Is 'rehook serve' running there? Point to another server with --server or REHOOK_SERVER.");
    return EXIT.FAILURE;
  }
  if (err instanceof StorageError) {
    const detail = err.cause instanceof Error ? err.cause.message : '';
    const cause = detail === '' || err.message.includes(detail) ? '' : ` (${detail})`;
    io.stderr(`rehook: storage error: ${err.message}${cause}`);
    return EXIT.FAILURE;
  }
  io.stderr(err instanceof Error ? (err.stack ?? String(err)) : String(err));
  io.stderr('rehook: internal error. This is a bug; please report it with the output above.');
  return EXIT.INTERNAL;
}

const io = processIo();
let code: number = EXIT.OK;
try {
  await runCli(process.argv.slice(2), io);
} catch (err) {
  code = exitCodeFor(err, io);
}
// Pipes are asynchronous on some platforms: let the output drain before exiting. Exiting
// explicitly (rather than waiting for the event loop to empty) keeps a lingering keep-alive
// socket or timer from holding the command open.
process.exitCode = code;
await flushOutput();
process.exit(code);
