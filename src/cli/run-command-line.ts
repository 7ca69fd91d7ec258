import { expandBareBooleans, findCommand, parseFor, prescan } from './argv.js';
import type { Command } from './command.js';
import { UsageError } from './exit.js';
import { commandHelp, groupHelp, rootHelp } from './help.js';
import type { CliIO } from './io.js';
import { readVersion } from './version.js';

/** What a command line is looked up in: the commands, and the summary of each command group. */
export interface CommandTable {
  readonly commands: readonly Command[];
  readonly groups: Readonly<Record<string, string>>;
}

/** A group word without a known subcommand: its help, or a usage error listing the subcommands. */
function groupOnly(table: CommandTable, group: string, words: readonly string[], help: boolean, io: CliIO): void {
  const [, sub] = words;
  if (sub === undefined && help) {
    io.stdout(groupHelp(group, table.groups[group] ?? '', table.commands));
    return;
  }
  const names = table.commands.filter((command) => command.path[0] === group).map((command) => command.path[1]);
  const problem = sub === undefined ? 'missing subcommand' : `unknown subcommand ${JSON.stringify(sub)}`;
  throw new UsageError(`${problem} for "${group}" (one of: ${names.join(', ')})`, [group]);
}

/**
 * Runs the command line `argv` (without `node` and the script) against `table`. Resolves when
 * the command has finished; throws UsageError for a command line that cannot run and lets the
 * command's own errors through to the bin entry, which maps them to exit codes.
 */
export async function runCommandLine(table: CommandTable, argv: readonly string[], io: CliIO): Promise<void> {
  const args = expandBareBooleans(argv);
  const scan = prescan(table.commands, args);
  const words = scan.words[0] === 'help' ? scan.words.slice(1) : scan.words;
  const help = scan.help || scan.words[0] === 'help';
  const [first] = words;
  if (first === undefined) {
    if (scan.version && !help) return io.stdout(readVersion());
    if (help) return io.stdout(rootHelp(table.commands));
    throw new UsageError('missing command');
  }
  const command = findCommand(table.commands, words);
  if (command === undefined && table.groups[first] !== undefined) return groupOnly(table, first, words, help, io);
  if (command === undefined) throw new UsageError(`unknown command ${JSON.stringify(first)}`);
  if (help) return io.stdout(commandHelp(command));
  await command.execute(parseFor(command, args, io.env), io);
}
