import { cell } from './markdown.js';
import { isObject, type Json, resolve } from './openapi-reader.js';

/** Short Markdown renderings of JSON Schemas, for docs/generated/api-reference.md. */

const SCHEMA_PREFIX = '#/components/schemas/';

export function schemaAnchor(name: string): string {
  return `${name.toLowerCase()}-schema`;
}

/**
 * A `$ref` to a part of a named schema (`#/components/schemas/X/properties/y`) or to a shared
 * answer envelope (`InboxData`: `{"data": {"inbox": ...}}`), each stated once in the document,
 * is shown as what it points at: the reader sees `{ data: { inbox: Inbox } }` and the field's
 * own description, and only the API's named schemas are linked.
 */
function unwrapPart(document: Json, schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_PREFIX)) return schema;
  const target = resolve(document, schema, ref);
  const properties = isObject(target?.['properties']) ? Object.keys(target['properties']) : [];
  const envelope = properties.length === 1 && properties[0] === 'data';
  return ref.slice(SCHEMA_PREFIX.length).includes('/') || envelope ? target : schema;
}

function union(parts: readonly string[]): string {
  return [...new Set(parts)].join(' | ');
}

/** A short type: `string`, `integer | null`, `array of Inbox`, `{ data: { inbox: Inbox } }`, with schemas linked. */
export function typeText(document: Json, raw: unknown, depth = 0): string {
  const schema = unwrapPart(document, raw);
  if (!isObject(schema)) return 'any';
  const ref = schema['$ref'];
  if (typeof ref === 'string' && ref.startsWith(SCHEMA_PREFIX)) {
    const name = ref.slice(SCHEMA_PREFIX.length);
    return `[${name}](#${schemaAnchor(name)})`;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return union(options.map((option) => typeText(document, option, depth)));
  }
  if ('const' in schema) return JSON.stringify(schema['const']);
  const values = schema['enum'];
  if (Array.isArray(values)) return union(values.map((value) => JSON.stringify(value)));
  const type = schema['type'];
  if (Array.isArray(type)) return union(type.map((one) => typeText(document, { ...schema, type: one }, depth)));
  if (type === 'array') {
    const tuple = schema['prefixItems'];
    if (Array.isArray(tuple)) return `[${tuple.map((item) => typeText(document, item, depth)).join(', ')}]`;
    return `array of ${typeText(document, schema['items'], depth)}`;
  }
  if (type === 'object') return objectText(document, schema, depth);
  if (typeof type !== 'string') return 'any';
  return typeof schema['format'] === 'string' ? `${type} (${schema['format']})` : type;
}

function objectText(document: Json, schema: Json, depth: number): string {
  const properties = schema['properties'];
  if (!isObject(properties) || depth >= 2) return 'object';
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  const fields = Object.entries(properties).map(
    ([name, field]) => `${name}${required.includes(name) ? '' : '?'}: ${typeText(document, field, depth + 1)}`,
  );
  return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
}

/** Field table of an object schema (name, type, required, description), or null when it has no properties. */
export function fieldTable(document: Json, schema: Json): string | null {
  const properties = schema['properties'];
  if (!isObject(properties) || Object.keys(properties).length === 0) return null;
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  return [
    '| Field | Type | Required | Description |',
    '|---|---|---|---|',
    ...Object.entries(properties).map(([name, raw]) => {
      const field = unwrapPart(document, raw);
      const description = isObject(field) && typeof field['description'] === 'string' ? field['description'] : '';
      const type = typeText(document, field, 1);
      return `| \`${name}\` | ${cell(type)} | ${required.includes(name) ? 'yes' : 'no'} | ${cell(description)} |`;
    }),
  ].join('\n');
}
