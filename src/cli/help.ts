import {
  parseBoolean,
  parseByteSize,
  parseDuration,
  parseHost,
  parseLimit,
  parseLogLevel,
  parseOrigin,
  parsePort,
  parsePositiveInt,
  parseRate,
} from '../config/parse.js';
import { SETTINGS, type SettingSpec } from '../config/schema.js';
import type { Command, CommandInfo, OptionDef } from './command.js';

const WIDTH = 100;

const PLACEHOLDERS = new Map<SettingSpec['parse'], string>([
  [parsePort, 'port'],
  [parseHost, 'host'],
  [parseDuration, 'duration'],
  [parseByteSize, 'size'],
  [parseBoolean, 'on|off'],
  [parseOrigin, 'url'],
  [parseLogLevel, 'level'],
  [parseRate, 'rate'],
  [parseLimit, 'n'],
  [parsePositiveInt, 'n'],
]);

/** Placeholders of settings whose parser is private to the schema. */
const KEY_PLACEHOLDERS: Readonly<Partial<Record<SettingSpec['key'], string>>> = {
  dataDir: 'dir',
  databaseUrl: 'url',
  secretKey: 'key',
  role: 'all|api|ingest',
  logFormat: 'auto|json|pretty',
  replayAllowCidrs: 'cidrs',
  replayDenyCidrs: 'cidrs',
};

/** Flags of `rehook serve` that take on/off and may also be given bare (`--trust-proxy`). */
export const BOOLEAN_SETTING_FLAGS: ReadonlySet<string> = new Set(
  (SETTINGS as readonly SettingSpec[]).filter((spec) => spec.parse === parseBoolean).map((spec) => spec.flag),
);

/**
 * The flags of `rehook serve`, generated from the SETTINGS table so flags, environment
 * variables, defaults and help can never drift apart.
 */
export const SERVE_OPTIONS: Readonly<Record<string, OptionDef>> = Object.fromEntries(
  (SETTINGS as readonly SettingSpec[]).map((spec) => [
    spec.flag,
    {
      type: 'string',
      value: PLACEHOLDERS.get(spec.parse) ?? KEY_PLACEHOLDERS[spec.key] ?? 'value',
      description: spec.description,
      env: spec.env,
      ...(spec.defaultText === null ? {} : { default: spec.defaultText }),
    } satisfies OptionDef,
  ]),
);

export const HELP_OPTION: OptionDef = { type: 'boolean', short: 'h', description: 'Show this help.' };

/**
 * Breaks `text` into lines of at most `width` characters, every line after the first indented.
 * Newlines in `text` start a new line.
 */
function wrap(text: string, indent: number, width = WIDTH): string {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      if (line !== '' && indent + line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line === '' ? word : `${line} ${word}`;
      }
    }
    lines.push(line);
  }
  return lines.join(`\n${' '.repeat(indent)}`);
}

function optionLabel(name: string, def: OptionDef): string {
  const short = def.short === undefined ? '' : `-${def.short}, `;
  return `${short}--${name}${def.type === 'string' ? ` <${def.value ?? 'value'}>` : ''}`;
}

function optionText(def: OptionDef): string {
  const description = def.required === true ? `${def.description} Required.` : def.description;
  const notes: string[] = [];
  if (def.env !== undefined) notes.push(`[env: ${def.env}]`);
  if (def.default !== undefined) notes.push(`[default: ${def.default}]`);
  return notes.length === 0 ? description : `${description}\n${notes.join(' ')}`;
}

/** Two columns, the right one wrapped; labels longer than the column get their own line. */
function twoColumns(rows: readonly (readonly [string, string])[], minColumn = 0): string {
  const column = Math.max(minColumn, Math.min(34, Math.max(...rows.map(([label]) => label.length)) + 4));
  return rows
    .map(([label, text]) => {
      const left = `  ${label}`;
      const right = wrap(text, column);
      if (left.length + 2 <= column) return `${left.padEnd(column)}${right}`;
      return `${left}\n${' '.repeat(column)}${right}`;
    })
    .join('\n');
}

/** `rehook tokens create --email <email> --name <name> [options]`: arguments and required options. */
export function usage(command: CommandInfo): string {
  const args = command.args.map((arg) => `<${arg.name}>`);
  const required = Object.entries(command.options)
    .filter(([, def]) => def.required === true)
    .map(([name, def]) => optionLabel(name, def));
  return ['rehook', ...command.path, ...args, ...required, '[options]'].join(' ');
}

/** The help of one command: usage, description, arguments, options, examples. */
export function commandHelp(command: CommandInfo): string {
  const sections = [`Usage: ${usage(command)}`, wrap(command.description ?? command.summary, 0)];
  if (command.args.length > 0) {
    sections.push(`Arguments\n${twoColumns(command.args.map((arg) => [`<${arg.name}>`, arg.description]))}`);
  }
  const options = Object.entries({ ...command.options, help: HELP_OPTION });
  const optionRows = options.map(([name, def]) => [optionLabel(name, def), optionText(def)] as const);
  sections.push(`Options\n${twoColumns(optionRows)}`);
  if (command.examples !== undefined && command.examples.length > 0) {
    sections.push(`Examples\n${command.examples.map((example) => `  ${example}`).join('\n')}`);
  }
  return sections.join('\n\n');
}

function commandLabel(command: CommandInfo): string {
  return [...command.path, ...command.args.map((arg) => `<${arg.name}>`)].join(' ');
}

/** The help of a command group (`rehook tokens --help`): its subcommands. */
export function groupHelp(group: string, summary: string, commands: readonly Command[]): string {
  const members = commands.filter((command) => command.path[0] === group);
  return [
    `Usage: rehook ${group} <command> [options]`,
    summary,
    `Commands\n${twoColumns(members.map((command) => [commandLabel(command), command.summary]))}`,
    `Run 'rehook ${group} <command> --help' for the options of a command.`,
  ].join('\n\n');
}

/** `rehook --help`: every command, grouped by where it runs. */
export function rootHelp(commands: readonly Command[]): string {
  const column = Math.max(...commands.map((command) => commandLabel(command).length)) + 4;
  const list = (kind: Command['kind']) =>
    twoColumns(
      commands
        .filter((command) => command.kind === kind)
        .map((command) => [commandLabel(command), command.summary] as const),
      column,
    );
  return [
    'Usage: rehook <command> [options]',
    'Rehook captures webhooks in inboxes, lets you inspect them and replays them to any URL.',
    `Server commands (run on the server; they open the store directly)\n${list('server')}`,
    `Client commands (call a running server over its REST API)\n${list('client')}`,
    `Options\n${twoColumns(
      [
        ['-h, --help', 'Show help; works after every command and subcommand.'],
        ['--version', 'Print the version.'],
      ],
      column,
    )}`,
    "Run 'rehook <command> --help' for the options of a command.",
  ].join('\n\n');
}
