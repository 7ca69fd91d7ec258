import type { ConfigOf, SettingDefinition } from './setting.js';
import { LIMIT_SETTINGS } from './settings/limits.js';
import { SERVER_SETTINGS } from './settings/server.js';
import { SIGN_IN_SETTINGS } from './settings/sign-in.js';

export type { Role, SignupMode } from './parse.js';

/**
 * Every setting of `rehook serve`, in one table: environment variable, command-line flag,
 * default, description and parser (src/config/settings/). docs/generated/settings.md is written
 * from it (scripts/docs/config-doc.ts) in this order, and `Config` is derived from it: adding a
 * setting is one entry.
 */
export const SETTINGS = [...SERVER_SETTINGS, ...LIMIT_SETTINGS, ...SIGN_IN_SETTINGS] as const;

/** The loaded configuration: one read-only property per setting, typed by its parser. */
export type Config = ConfigOf<(typeof SETTINGS)[number]>;

/** A setting whose value is `Config[K]`. */
export type SettingSpec<K extends keyof Config = keyof Config> = SettingDefinition<K, Config[K]>;
