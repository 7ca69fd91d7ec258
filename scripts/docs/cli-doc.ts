import type { CommandInfo, OptionDef } from '../../src/cli/command.js';
import { EXIT } from '../../src/cli/exit.js';
import { usage } from '../../src/cli/help.js';
import { cell, prose } from './markdown.js';

/**
 * docs/generated/cli.md, rendered from the command definitions (COMMANDS in src/cli/cli.ts) so the reference can
 * never drift from what `rehook --help` says. `npm run docs:write` writes it; `npm test` fails
 * when the committed file differs (test/unit/generated-files.test.ts).
 */

/** What each exit code means; a code in EXIT without an entry here stops the rendering. */
export const EXIT_MEANINGS: Readonly<Record<string, string>> = {
  OK: 'Success.',
  FAILURE:
    'The command ran but failed: the API answered with an error (printed as `rehook: CODE: message`, ' +
    'the codes are in [errors.md](errors.md)), the server could not be reached, a store operation ' +
    'failed (for example `CONFLICT` when `accounts create` finds the e-mail taken), or what the command ' +
    'waited for did not happen (`wait`: no event within `--timeout`).',
  USAGE:
    'Invalid usage or configuration: unknown command or flag, missing argument or required option, ' +
    'an invalid setting (one line names it). A hint to the `--help` of the command follows.',
  REJECTED:
    'Sent, but not taken: the destination answered 400 or above (`replay`, after printing the answer), ' +
    'or a bulk replay job followed with `--wait` completed with failed sends (`replay-all`, `replay-job`).',
  INTERNAL: 'Internal error: something nobody expected (a bug). The stack trace is printed; please report it.',
};

function code(text: string): string {
  return `\`${text}\``;
}

function title(command: CommandInfo): string {
  return ['rehook', ...command.path].join(' ');
}

/** GitHub's anchor for a heading made of words separated by spaces. */
function anchor(command: CommandInfo): string {
  return title(command).toLowerCase().replaceAll(' ', '-');
}

/** The line under each command's usage; the index explains the two kinds. */
const KIND_NOTE: Readonly<Record<CommandInfo['kind'], string>> = {
  server: '*Server command*: opens the store directly.',
  client: '*Client command*: calls a running server.',
};

const KIND_INTRO: Readonly<Record<CommandInfo['kind'], string>> = {
  server:
    '**Server commands** work on the store directly (the data directory, or PostgreSQL with ' +
    '`DATABASE_URL`), also while the server runs:',
  client: '**Client commands** call a running server over its REST API:',
};

function optionRow(name: string, def: OptionDef): string {
  const flag = def.short === undefined ? `--${name}` : `-${def.short}, --${name}`;
  const value = def.type === 'string' ? code(`<${def.value ?? 'value'}>`) : '(none: a switch)';
  const env = def.env === undefined ? '' : code(def.env);
  const fallback = def.required === true ? '**required**' : def.default === undefined ? '' : code(def.default);
  return `| ${code(flag)} | ${cell(value)} | ${env} | ${cell(fallback)} | ${cell(def.description)} |`;
}

function commandSection(command: CommandInfo): string {
  const parts = [
    `### ${title(command)}`,
    `\`\`\`\n${usage(command)}\n\`\`\``,
    prose(command.description ?? command.summary),
    KIND_NOTE[command.kind],
  ];
  if (command.args.length > 0) {
    parts.push(
      [
        '**Arguments** (all required)',
        '',
        '| Argument | Meaning |',
        '|---|---|',
        ...command.args.map((arg) => `| ${code(`<${arg.name}>`)} | ${cell(arg.description)} |`),
      ].join('\n'),
    );
  }
  const options = Object.entries(command.options);
  if (options.length > 0) {
    parts.push(
      [
        '**Options** (a flag wins over its environment variable)',
        '',
        '| Option | Value | Environment variable | Default | Meaning |',
        '|---|---|---|---|---|',
        ...options.map(([name, def]) => optionRow(name, def)),
      ].join('\n'),
    );
  }
  if (command.examples !== undefined && command.examples.length > 0) {
    parts.push(`**Examples**\n\n\`\`\`sh\n${command.examples.join('\n')}\n\`\`\``);
  }
  return parts.join('\n\n');
}

function exitCodeTable(): string {
  const unknown = Object.keys(EXIT_MEANINGS).filter((name) => !(name in EXIT));
  if (unknown.length > 0) throw new Error(`EXIT_MEANINGS names codes that EXIT lacks: ${unknown.join(', ')}`);
  const rows = Object.entries(EXIT).map(([name, value]) => {
    const meaning = EXIT_MEANINGS[name];
    if (meaning === undefined) {
      throw new Error(`exit code ${name} (${value}) has no meaning in EXIT_MEANINGS (scripts/docs/cli-doc.ts)`);
    }
    return `| ${value} | ${cell(meaning)} |`;
  });
  return ['| Exit code | Meaning |', '|---|---|', ...rows].join('\n');
}

function commandIndex(commands: readonly CommandInfo[], kind: CommandInfo['kind']): string {
  return [
    '| Command | Summary |',
    '|---|---|',
    ...commands
      .filter((command) => command.kind === kind)
      .map((command) => `| [${code(title(command))}](#${anchor(command)}) | ${cell(command.summary)} |`),
  ].join('\n');
}

/** The whole of docs/generated/cli.md. */
export function renderCliDoc(commands: readonly CommandInfo[]): string {
  const kinds = (['server', 'client'] as const).filter((kind) => commands.some((command) => command.kind === kind));
  const sections = [
    '# Command line',
    '<!-- Generated by `npm run docs:write` from the command definitions in src/cli/cli.ts. Do not edit: ' +
      'change the definitions and run it again (`npm test` fails while this file is out of date). -->',
    '`npm install` builds the `rehook` command (`npx rehook ...` from a clone). Every command and ' +
      'command group answers `-h`/`--help` (also as `rehook help <command>`), with the same content as ' +
      'this page; `rehook --version` prints the version.',
    '## Commands',
  ];
  for (const kind of kinds) sections.push(KIND_INTRO[kind], commandIndex(commands, kind));
  sections.push(
    '## Exit codes',
    'The same for every command. Messages go to stderr as `rehook: <message>`; what a command prints ' +
      'on stdout (the human form, or JSON with `--json`) is meant for scripts.',
    exitCodeTable(),
    '## Reference',
    ...commands.map(commandSection),
  );
  return `${sections.join('\n\n')}\n`;
}
