import type { EventFilterParams } from '../client/types.js';
import type { OptionDef, ParsedInput } from './command.js';
import { UsageError } from './exit.js';
import { list, str } from './normalise.js';

/**
 * The event filters as command-line flags (the API's query parameters, docs/search.md), for
 * every command that selects events (through EVENT_LIST_FILTER_OPTIONS below).
 */
export const EVENT_FILTER_OPTIONS: Readonly<Record<string, OptionDef>> = {
  method: {
    type: 'string',
    value: 'method',
    multiple: true,
    description: 'Only this method (repeatable, or comma-separated).',
  },
  path: {
    type: 'string',
    value: 'prefix',
    description: 'Only paths below the inbox starting with this prefix, e.g. /stripe.',
  },
  header: {
    type: 'string',
    value: 'name[:value]',
    multiple: true,
    description: 'Only events with this header, or this header value (repeatable).',
  },
  q: {
    type: 'string',
    value: 'text',
    description:
      'Only events with this text in the path, query, a header or the body, also in a form field or a JSON string (A-Z in either case).',
  },
  'case-sensitive': {
    type: 'boolean',
    description: "Match the --q text exactly, letter case included (the API's case=sensitive).",
  },
  json: {
    type: 'string',
    value: 'field=value',
    multiple: true,
    description: 'Only JSON bodies with this field value, e.g. data.object.status=paid (repeatable).',
  },
  since: {
    type: 'string',
    value: 'time|eventId',
    description: 'Only events received at or after this ISO 8601 time or event id.',
  },
  until: {
    type: 'string',
    value: 'time|eventId',
    description: 'Only events received before this ISO 8601 time or event id.',
  },
};

/** The filter flags given, as the client's filter parameters (the server checks them). */
export function eventFilterParams(input: ParsedInput): EventFilterParams {
  const params: Record<string, string | string[]> = {};
  for (const name of ['method', 'header', 'json']) {
    const values = list(input, name);
    if (values.length > 0) params[name] = values;
  }
  for (const name of ['path', 'q', 'since', 'until']) {
    const value = str(input, name);
    if (value !== undefined) params[name] = value;
  }
  if (input.values['case-sensitive'] === true) params['case'] = 'sensitive';
  return params as EventFilterParams;
}

/**
 * The filter flags of `rehook events` and `rehook export`. `--json` is the output format of every
 * client command, so the JSON-body filter is `--json-field`, in both commands alike; `--search`
 * is another name of `--q`.
 */
export const EVENT_LIST_FILTER_OPTIONS: Readonly<Record<string, OptionDef>> = {
  ...Object.fromEntries(Object.entries(EVENT_FILTER_OPTIONS).filter(([name]) => name !== 'json')),
  'json-field': {
    type: 'string',
    value: 'field=value',
    multiple: true,
    description:
      "Only JSON bodies with this field value, e.g. data.object.status=paid (repeatable; the API's json filter).",
  },
  search: { type: 'string', value: 'text', description: 'Same as --q.' },
  'path-prefix': { type: 'string', value: 'prefix', description: 'Same as --path (the name replay-all uses).' },
};

/**
 * `--path-prefix`, the name `rehook replay-all` gives the same filter, as `--path`: one filter,
 * one meaning, whichever name is typed (both at once is an error).
 */
function withPathPrefix(params: EventFilterParams, input: ParsedInput): EventFilterParams {
  const prefix = input.values['path-prefix'];
  if (typeof prefix !== 'string') return params;
  if (params.path !== undefined) throw new UsageError('give --path or --path-prefix, not both', input.path);
  return { ...params, path: prefix };
}

/**
 * The path prefix of `rehook replay-all`: `--path-prefix`, or `--path` as `rehook events` names it.
 */
export function pathPrefixFlag(input: ParsedInput): string | undefined {
  const prefix = str(input, 'path-prefix');
  const path = str(input, 'path');
  if (prefix !== undefined && path !== undefined) {
    throw new UsageError('give --path-prefix or --path, not both', input.path);
  }
  return prefix ?? path;
}

/**
 * The filter of `rehook events`: the flags above but `--json` (the output format there), with
 * `--json-field` for the JSON-body filter and `--search` as another name of `--q` (both at once
 * is an error, as a repeated single-valued flag would be).
 */
export function eventListFilter(input: ParsedInput): EventFilterParams {
  const params = eventFilterParams({ ...input, values: { ...input.values, json: undefined } });
  const fields = list(input, 'json-field');
  const search = input.values['search'];
  const withFields = withPathPrefix(fields.length > 0 ? { ...params, json: fields } : params, input);
  if (typeof search !== 'string') return withFields;
  if (withFields.q !== undefined) throw new UsageError('give --q or --search, not both', input.path);
  return { ...withFields, q: search };
}
