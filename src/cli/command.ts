import type { CliIO } from './io.js';

/** One `--flag` of a command: how it parses and how its help reads. */
export interface OptionDef {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** Placeholder shown in help, e.g. `email` gives `--email <email>`. */
  readonly value?: string;
  readonly description: string;
  /** Environment variable used when the flag is absent. */
  readonly env?: string;
  /** Default as the user would write it. */
  readonly default?: string;
  /** A usage error (exit 2) when absent. */
  readonly required?: boolean;
  /** May be given several times; the parsed value is then an array of strings. */
  readonly multiple?: boolean;
}

/** A positional argument; all of them are required. */
export interface ArgDef {
  readonly name: string;
  readonly description: string;
}

/** The command line after parsing: flag values by long name, and the positional arguments. */
export interface ParsedInput {
  /** The command's words, for usage errors that point to its --help. */
  readonly path: readonly string[];
  readonly values: Readonly<Record<string, string | boolean | readonly string[] | undefined>>;
  readonly args: readonly string[];
  readonly env: CliIO['env'];
}

export interface CommandInfo {
  /** Words that select the command, e.g. `['tokens', 'create']`. */
  readonly path: readonly string[];
  /** `server` commands open the data directory; `client` commands call a running server. */
  readonly kind: 'server' | 'client';
  readonly summary: string;
  readonly description?: string;
  readonly args: readonly ArgDef[];
  readonly options: Readonly<Record<string, OptionDef>>;
  readonly examples?: readonly string[];
}

/** What every module in commands/ exports. */
export interface CommandModule<O> {
  run(options: O, io: CliIO): Promise<void>;
}

export interface Command extends CommandInfo {
  /** Normalises the parsed input, loads the command module and runs it. */
  execute(input: ParsedInput, io: CliIO): Promise<void>;
}

/**
 * Declares a command. `normalise` turns flags into the module's typed options (throwing
 * UsageError for bad input); `load` imports the module only when the command runs, so
 * `rehook --help` does not load the server and `rehook inbox list` does not load SQLite.
 */
export function defineCommand<O>(
  def: CommandInfo & {
    normalise: (input: ParsedInput) => O;
    load: () => Promise<CommandModule<O>>;
  },
): Command {
  const { normalise, load, ...info } = def;
  return {
    ...info,
    execute: async (input, io) => {
      const options = normalise(input);
      const module = await load();
      await module.run(options, io);
    },
  };
}
