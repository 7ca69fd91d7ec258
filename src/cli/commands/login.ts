import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { RehookClient } from '../../client/rehook-client.js';
import { EXIT, ExitError } from '../exit.js';
import { cleanLine } from '../format.js';
import type { CliIO } from '../io.js';
import { hasTokenLimits, type TokenLimitFlags } from '../token-limit-options.js';
import { writeUserConfig } from '../user-config.js';

export interface LoginOptions {
  /** API origin without a trailing slash. */
  readonly server: string;
  /** From --token or REHOOK_TOKEN; undefined: read from stdin (piped) or asked for (terminal). */
  readonly token: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Limits of a narrower token to create and store instead of the given one. */
  readonly limits?: TokenLimitFlags;
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
  const given = await readToken(options, io);
  const client = new RehookClient({ baseUrl: options.server, token: given });
  // Any scope may ask who it is, so a read-only token can log in too.
  let { token: own } = await client.account();
  let token = given;
  if (options.limits !== undefined && hasTokenLimits(options.limits)) {
    const created = await client.createToken(`rehook login ${new Date().toISOString().slice(0, 10)}`, options.limits);
    token = created.token;
    own = created;
  }
  const path = writeUserConfig(options.env, { server: options.server, token });
  const scope = own === null ? '' : `, scope ${own.scopes[own.scopes.length - 1] ?? 'manage'}`;
  const team = own?.teamId == null ? '' : `, limited to team ${own.teamId}`;
  const name = own === null ? '' : ` (token "${cleanLine(own.name)}"${scope}${team})`;
  io.stdout(`Logged in to ${options.server}${name}.`);
  io.stderr(`Saved in ${path} (readable only by you). \`rehook logout\` removes it.`);
}
