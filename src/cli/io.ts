/**
 * What a command may touch of the outside world. Commands receive it instead of using
 * `process` directly, so they can be called as plain functions (and tested that way).
 */
export interface CliIO {
  /** Writes `text` and a newline to standard output. */
  readonly stdout: (text: string) => void;
  /** Writes `text` and a newline to standard error. */
  readonly stderr: (text: string) => void;
  /** All of standard input as UTF-8, or null when standard input is a terminal. */
  readonly stdin: () => Promise<string | null>;
  /** The environment (REHOOK_* settings, REHOOK_SERVER, REHOOK_TOKEN). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Writes raw bytes to standard output (no newline added) and resolves once the stream can take
   * more (backpressure), with false when the reader has gone away (`| head`): stop writing then.
   * Absent in test doubles that only collect text.
   */
  readonly writeStdout?: (chunk: Uint8Array) => Promise<boolean>;
}

/** The real process streams and environment; only the bin entry calls this. */
export function processIo(): CliIO {
  // The reader of our output went away (`rehook events | head -1`, a log shipper that died).
  // Output is pointless from then on but the work is not: writes to the destroyed stream are
  // dropped and the command (or the server) carries on. Other stream errors stay fatal.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
  return {
    stdout: (text) => void process.stdout.write(`${text}\n`),
    stderr: (text) => void process.stderr.write(`${text}\n`),
    stdin: readStdin,
    env: process.env,
    writeStdout,
  };
}

function writeStdout(chunk: Uint8Array): Promise<boolean> {
  const out = process.stdout;
  if (out.destroyed || out.writableEnded) return Promise.resolve(false);
  if (out.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    out.once('drain', onDrain);
    out.once('close', onClose);
  });
}

async function readStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolves once everything written so far to stdout and stderr has been handed to the OS. */
export async function flushOutput(): Promise<void> {
  await Promise.all(
    [process.stdout, process.stderr].map(
      (stream) =>
        new Promise<void>((resolve) => {
          if (stream.destroyed || stream.writableEnded) resolve();
          else stream.write('', () => resolve());
        }),
    ),
  );
}
