import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { RehookClient } from '../../client/rehook-client.js';
import { EXIT, ExitError } from '../exit.js';
import { cleanLine } from '../format.js';
import type { CliIO } from '../io.js';
import { writeUserConfig } from '../user-config.js';

export interface LoginOptions {
  /** API origin without a trailing slash. */
  readonly server: string;
  /** From --token or REHOOK_TOKEN; undefined: read from stdin (piped) or asked for (terminal). */
  readonly token: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Asks for the token on the terminal without echoing it. */
async function askHidden(question: string): Promise<string> {
  process.stderr.write(question);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  try {
    return await new Promise<string>((resolve, reject) => {
      rl.once('line', resolve);
      rl.once('SIGINT', () => reject(new ExitError(130)));
      rl.once('close', () => resolve(''));
    });
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

async function readToken(options: LoginOptions, io: CliIO): Promise<string> {
  if (options.token !== undefined) return options.token;
  const piped = await io.stdin();
  const token = (piped ?? (await askHidden(`API token for ${options.server}: `))).trim();
  if (token === '')
    throw new ExitError(EXIT.USAGE, 'no token given (pass --token, set REHOOK_TOKEN, or pipe it to stdin)');
  return token;
}

/**
 * `rehook login`: checks the token against the server (it must list the account's tokens) and
 * stores server and token in the user's config file, mode 0600. Client commands then use them
 * when neither --server/REHOOK_SERVER nor --token/REHOOK_TOKEN says otherwise; the token only
 * ever goes to the server it was stored for.
 */
export async function run(options: LoginOptions, io: CliIO): Promise<void> {
  const token = await readToken(options, io);
  const client = new RehookClient({ baseUrl: options.server, token });
  const tokens = await client.tokens();
  const own = tokens.find((entry) => token.startsWith(entry.prefix));
  const path = writeUserConfig(options.env, { server: options.server, token });
  const name = own === undefined ? '' : ` (token "${cleanLine(own.name)}")`;
  io.stdout(`Logged in to ${options.server}${name}.`);
  io.stderr(`Saved in ${path} (readable only by you). \`rehook logout\` removes it.`);
}
