/**
 * One setting of `rehook serve`: its environment variable, command-line flag, default and
 * description, and the parser that turns the text into its value. The definition is the only
 * place a setting is stated: the loader reads it, docs/generated/settings.md is written from it
 * (scripts/docs/config-doc.ts), and the `Config` type is derived from it (src/config/schema.ts).
 */
export interface SettingDefinition<K extends string = string, T = unknown> {
  /** The property of `Config` that holds the value. */
  readonly key: K;
  readonly env: string;
  /** Long flag without the dashes. */
  readonly flag: string;
  /** Default as the user would write it (shown in docs), or null for "none" (the value is then null). */
  readonly defaultText: string | null;
  /** How the docs describe a null default (e.g. "derived"); "none" when absent. */
  readonly defaultNote?: string;
  /** A secret: its value is never repeated in errors or logs. */
  readonly secret?: boolean;
  readonly description: string;
  readonly parse: (raw: string) => T;
}

/**
 * Defines a setting, keeping its key, its parser's type and whether its default is null, which
 * is what `Config` is derived from.
 */
export function setting<const K extends string, T, const D extends string | null>(
  spec: SettingDefinition<K, T> & { readonly defaultText: D },
): SettingDefinition<K, T> & { readonly defaultText: D } {
  return spec;
}

/** A list is handed out read-only: the configuration is frozen. */
type ReadonlyValue<T> = T extends readonly (infer E)[] ? readonly E[] : T;

/** The value a setting holds once loaded: what its parser returns, or null when it has no default. */
export type SettingValue<S> = S extends { readonly parse: (raw: string) => infer T; readonly defaultText: infer D }
  ? ReadonlyValue<T> | (null extends D ? null : never)
  : never;

/** The configuration object of a list of settings: one read-only property per setting. */
export type ConfigOf<S extends { readonly key: string }> = {
  readonly [Spec in S as Spec['key']]: SettingValue<Spec>;
};
