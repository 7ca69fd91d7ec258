import { cell, prose } from './markdown.js';
import { HTTP_METHODS, isObject, type Json, readErrorAnswers, resolve } from './openapi-reader.js';
import { fieldTable, typeText } from './schema-text.js';

/**
 * docs/generated/api-reference.md: every operation of the OpenAPI document, grouped by tag
 * (method, path, summary and description, who may call, parameters, request body, success
 * answers and the error codes of each error status), then every named schema with its fields.
 * The hand-written guide (what the document cannot say: semantics, examples, access rules) is
 * docs/api.md, which links here. `npm run docs:write` writes it; `npm test` fails when the
 * committed file differs (test/unit/generated-files.test.ts).
 */

const CREDENTIALS: Readonly<Record<string, string>> = {
  bearerAuth: 'an API token',
  sessionCookie: 'a session cookie',
  shareHeader: 'a sharing link',
  shareQuery: 'a sharing link',
};

function accessText(security: unknown): string {
  if (!Array.isArray(security)) return 'anyone';
  const who = security.flatMap((alternative) => {
    const names = isObject(alternative) ? Object.keys(alternative) : [];
    return names.length === 0 ? ['anyone'] : names.map((name) => CREDENTIALS[name] ?? `\`${name}\``);
  });
  return [...new Set(who)].join(', ');
}

function parameterTable(document: Json, operation: Json): string | null {
  const parameters = Array.isArray(operation['parameters']) ? operation['parameters'] : [];
  if (parameters.length === 0) return null;
  return [
    '| Parameter | In | Type | Required | Description |',
    '|---|---|---|---|---|',
    ...parameters.map((raw) => {
      const parameter = resolve(document, raw, 'parameter') ?? {};
      const description = typeof parameter['description'] === 'string' ? parameter['description'] : '';
      return (
        `| \`${String(parameter['name'])}\` | ${String(parameter['in'])} | ${cell(typeText(document, parameter['schema']))} ` +
        `| ${parameter['required'] === true ? 'yes' : 'no'} | ${cell(description)} |`
      );
    }),
  ].join('\n');
}

function requestBodyText(document: Json, operation: Json, where: string): string[] {
  const body = resolve(document, operation['requestBody'], where);
  const content = resolve(document, body?.['content'], where);
  if (body === undefined || content === undefined) return [];
  const parts: string[] = [];
  for (const [mediaType, media] of Object.entries(content)) {
    const raw = resolve(document, media, where)?.['schema'];
    const required = body['required'] === false ? 'optional' : 'required';
    const table = isObject(raw) && raw['$ref'] === undefined ? fieldTable(document, raw) : null;
    const type = table === null ? ` ${typeText(document, raw)}` : '';
    parts.push(`**Request body** (\`${mediaType}\`, ${required}):${type}`);
    if (table !== null) parts.push(table);
  }
  return parts;
}

/** `METHOD path` → the error codes of each error status, as readErrorAnswers reads them. */
type ErrorsByOperation = ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;

function errorsByOperation(document: Json): ErrorsByOperation {
  const byOperation = new Map<string, Map<string, readonly string[]>>();
  for (const answer of readErrorAnswers(document).answers) {
    const key = `${answer.method} ${answer.path}`;
    const statuses = byOperation.get(key) ?? new Map<string, readonly string[]>();
    statuses.set(answer.status, answer.codes);
    byOperation.set(key, statuses);
  }
  return byOperation;
}

function errorsOf(errors: ErrorsByOperation, entry: Operation): ReadonlyMap<string, readonly string[]> {
  return errors.get(`${entry.method.toUpperCase()} ${entry.path}`) ?? new Map();
}

function errorsText(
  errors: ReadonlyMap<string, readonly string[]>,
  common: ReadonlySet<string>,
  besides: boolean,
): string | null {
  const parts = [...errors].flatMap(([status, codes]) => {
    const own = codes.filter((code) => !common.has(`${status} ${code}`));
    return own.length === 0
      ? []
      : [`${status} ${own.map((code) => `[\`${code}\`](errors.md#${code.toLowerCase()})`).join(', ')}`];
  });
  if (parts.length === 0) return null;
  return `**Errors**${besides ? ' (besides those of every operation)' : ''}: ${parts.join('; ')}.`;
}

function successTable(document: Json, operation: Json, where: string): string {
  const responses = resolve(document, operation['responses'], where) ?? {};
  const rows: string[] = [];
  for (const [status, raw] of Object.entries(responses)) {
    if (/^[45]/.test(status)) continue;
    const response = resolve(document, raw, `${where} ${status}`) ?? {};
    const content = resolve(document, response['content'], where) ?? {};
    const bodies = Object.entries(content).map(([mediaType, media]) =>
      mediaType === 'application/json'
        ? typeText(document, resolve(document, media, where)?.['schema'])
        : `\`${mediaType}\``,
    );
    const description = typeof response['description'] === 'string' ? response['description'] : '';
    rows.push(`| ${status} | ${cell(bodies.join(' or ') || '(no body)')} | ${cell(description)} |`);
  }
  return ['| Status | Body | Meaning |', '|---|---|---|', ...rows].join('\n');
}

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly tag: string;
  readonly operation: Json;
}

interface Context {
  readonly document: Json;
  readonly errors: ErrorsByOperation;
  readonly common: ReadonlySet<string>;
}

function operationSection(context: Context, entry: Operation): string {
  const { document, errors } = context;
  const common = onApiOrigin(entry) ? context.common : new Set<string>();
  const { method, path, operation } = entry;
  const where = `${method.toUpperCase()} ${path}`;
  const summary = typeof operation['summary'] === 'string' ? `: ${operation['summary']}` : '';
  const parts = [`#### \`${where}\`${summary}`];
  if (typeof operation['description'] === 'string') parts.push(prose(operation['description']));
  parts.push(`**Access**: ${accessText(operation['security'])}.`);
  const parameters = parameterTable(document, operation);
  if (parameters !== null) parts.push(parameters);
  parts.push(...requestBodyText(document, operation, where), successTable(document, operation, where));
  const own = errorsText(errorsOf(errors, entry), common, common.size > 0);
  if (own !== null) parts.push(own);
  return parts.join('\n\n');
}

function operations(document: Json): Operation[] {
  const found: Operation[] = [];
  const paths = resolve(document, document['paths'], 'paths') ?? {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolve(document, rawItem, path) ?? {};
    for (const method of HTTP_METHODS) {
      const operation = resolve(document, item[method], `${method} ${path}`);
      if (operation === undefined) continue;
      const tags = Array.isArray(operation['tags']) ? operation['tags'] : [];
      found.push({ method, path, tag: typeof tags[0] === 'string' ? tags[0] : 'Other', operation });
    }
  }
  return found;
}

/** Operations served on another origin than the API's (the ingest endpoint) name their own servers. */
function onApiOrigin(entry: Operation): boolean {
  return entry.operation['servers'] === undefined;
}

/**
 * `<status> <code>` pairs that every operation of the API origin answers: listed once, not under
 * each of them.
 */
function commonErrors(errors: ErrorsByOperation, all: readonly Operation[]): Set<string> {
  const sets = all.filter(onApiOrigin).map((entry) => {
    const statuses = errorsOf(errors, entry);
    return new Set([...statuses].flatMap(([status, codes]) => codes.map((code) => `${status} ${code}`)));
  });
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((pair) => rest.every((set) => set.has(pair))));
}

function schemaSections(document: Json): string[] {
  const components = resolve(document, document['components'], 'components');
  const schemas = resolve(document, components?.['schemas'], 'components.schemas') ?? {};
  return Object.entries(schemas).map(([name, raw]) => {
    const schema = isObject(raw) ? raw : {};
    const parts = [`### \`${name}\` (schema)`];
    if (typeof schema['description'] === 'string') parts.push(prose(schema['description']));
    parts.push(fieldTable(document, schema) ?? `Type: ${typeText(document, schema, 2)}.`);
    return parts.join('\n\n');
  });
}

/** The generated reference: endpoints by tag, then the named schemas. */
export function renderApiReference(openapi: unknown): string {
  if (!isObject(openapi)) throw new Error('openapi.json: not an object');
  const all = operations(openapi);
  const errors = errorsByOperation(openapi);
  const context: Context = { document: openapi, errors, common: commonErrors(errors, all) };
  const declared = Array.isArray(openapi['tags']) ? openapi['tags'] : [];
  const tags = [
    ...new Set([
      ...declared.flatMap((tag) => (isObject(tag) && typeof tag['name'] === 'string' ? [tag['name']] : [])),
      ...all.map((entry) => entry.tag),
    ]),
  ];
  const everywhere = [...context.common].map((pair) => {
    const [status, code] = pair.split(' ');
    return `${status} [\`${code}\`](errors.md#${code?.toLowerCase()})`;
  });
  const sections = [
    '## Endpoints',
    `Every operation on the API origin can answer ${everywhere.join(', ')}; each lists the other error codes ` +
      'it can answer.',
  ];
  for (const tag of tags) {
    const inTag = all.filter((entry) => entry.tag === tag);
    if (inTag.length === 0) continue;
    sections.push(`### Endpoints: ${tag}`, ...inTag.map((entry) => operationSection(context, entry)));
  }
  sections.push('## Schemas', 'The named schemas the endpoints above refer to.', ...schemaSections(openapi));
  return sections.join('\n\n');
}

/** The whole of docs/generated/api-reference.md. `openapi` is the OpenAPI document. */
export function renderApiReferenceDoc(openapi: unknown): string {
  const sections = [
    '# API reference: endpoints and schemas',
    '<!-- Generated by `npm run docs:write` from openapi.json. Do not edit: change the route schemas and run ' +
      'it again (`npm test` fails while this file is out of date). -->',
    'Every operation of the REST API, generated from the OpenAPI document ([openapi.json](../../openapi.json)): ' +
      'its parameters, request body, answers and the error codes it can answer ([errors.md](errors.md)), ' +
      'followed by the schemas of the bodies. The guide, with examples and what the document cannot say, is ' +
      '[api.md](../api.md).',
    renderApiReference(openapi),
  ];
  return `${sections.join('\n\n')}\n`;
}
