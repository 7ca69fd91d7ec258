/** Exit codes of the `rehook` command. */
export const EXIT = {
  OK: 0,
  /** The API answered with an error, the server could not be reached, or the operation failed. */
  FAILURE: 1,
  /** Unknown command or flag, missing argument, invalid configuration. */
  USAGE: 2,
  /**
   * Everything was sent, but not everything was taken: the destination answered 400 or above
   * (`rehook replay`), or a bulk replay job completed with failed sends (`replay-all --wait`).
   * Apart from 1 so a script can tell "the handler said no" from "Rehook could not do it".
   */
  REJECTED: 3,
  /** A bug: an error nobody expected (BSD sysexits EX_SOFTWARE). */
  INTERNAL: 70,
} as const;

/**
 * Ends the command with `code`. The bin entry prints `rehook: <message>` to stderr when there
 * is a message and exits quietly otherwise.
 */
export class ExitError extends Error {
  readonly code: number;

  constructor(code: number, message = '') {
    super(message);
    this.name = 'ExitError';
    this.code = code;
  }
}

/** A command line that cannot be run as given; exits 2 with a hint to use --help. */
export class UsageError extends ExitError {
  /** The command whose help the hint points to, e.g. `tokens create`; '' for the root. */
  readonly commandPath: string;

  constructor(message: string, commandPath: readonly string[] = []) {
    super(EXIT.USAGE, message);
    this.name = 'UsageError';
    this.commandPath = commandPath.join(' ');
  }

  get hint(): string {
    return `Run 'rehook ${this.commandPath === '' ? '' : `${this.commandPath} `}--help' for usage.`;
  }
}
