import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Command, OptionDef, ParsedInput } from './command.js';
import { UsageError } from './exit.js';
import { HELP_OPTION } from './help.js';
import { BOOLEAN_SETTING_FLAGS } from './setting-flags.js';
import type { CliIO } from './io.js';

/** The command line as words: which command it names, and its flags and arguments (node:util parseArgs). */

type ParseOptions = NonNullable<ParseArgsConfig['options']>;

function toParseOptions(options: Readonly<Record<string, OptionDef>>): ParseOptions {
  const out: ParseOptions = {};
  for (const [name, def] of Object.entries(options)) {
    out[name] = {
      type: def.type,
      ...(def.short === undefined ? {} : { short: def.short }),
      ...(def.multiple === true ? { multiple: true } : {}),
    };
  }
  return out;
}

/** Every option of every command: only used to find the command words before the real parse. */
function allOptions(commands: readonly Command[]): ParseOptions {
  return toParseOptions(
    Object.assign(
      { help: HELP_OPTION, version: { type: 'boolean', description: '' } },
      ...commands.map((command) => command.options),
    ),
  );
}

/** `--trust-proxy` alone means on; `--trust-proxy off` and `--trust-proxy=off` still work. */
export function expandBareBooleans(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const current = argv[i] as string;
    if (current === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    const bare = current.startsWith('--') && BOOLEAN_SETTING_FLAGS.has(current.slice(2));
    out.push(bare && (next === undefined || next.startsWith('-')) ? `${current}=on` : current);
  }
  return out;
}

/** The command words and the help/version flags, whatever else the line holds. */
export function prescan(
  commands: readonly Command[],
  args: readonly string[],
): { words: string[]; help: boolean; version: boolean } {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: allOptions(commands),
    strict: false,
    allowPositionals: true,
  });
  return { words: positionals, help: values['help'] === true, version: values['version'] === true };
}

/** The command whose words the line starts with; the longest one (`event delete`, not `event`). */
export function findCommand(commands: readonly Command[], words: readonly string[]): Command | undefined {
  let found: Command | undefined;
  for (const command of commands) {
    if (!command.path.every((word, index) => words[index] === word)) continue;
    if (found === undefined || command.path.length > found.path.length) found = command;
  }
  return found;
}

function isParseArgsError(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/** The strict parse for one command: unknown flags, missing arguments and options are usage errors. */
export function parseFor(command: Command, args: readonly string[], env: CliIO['env']): ParsedInput {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: toParseOptions({ ...command.options, help: HELP_OPTION }),
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    if (!isParseArgsError(err)) throw err;
    // Node's messages run on with advice about `--`; the first sentence is the useful part.
    throw new UsageError((err.message.split(/\n|\. To specify/)[0] ?? err.message).trim(), command.path);
  }
  const positionals = parsed.positionals.slice(command.path.length);
  const missing = command.args[positionals.length];
  if (missing !== undefined) throw new UsageError(`missing argument <${missing.name}>`, command.path);
  const extra = positionals[command.args.length];
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`, command.path);
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  for (const [name, def] of Object.entries(command.options)) {
    if (def.required === true && values[name] === undefined) {
      throw new UsageError(`missing required option --${name}`, command.path);
    }
  }
  return { path: command.path, values, args: positionals, env };
}
