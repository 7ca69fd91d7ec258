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
import type { OptionDef } from './command.js';

/** The flags of `rehook serve`: one per setting, with the placeholder its parser reads. */

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

/** Placeholders of settings whose parser takes arguments or names no placeholder above. */
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
