import { isEnumPlace, kindsOf, objectCount, type Shape, type TypeShape } from './json-shape.js';

/** JSON Schema (draft 2020-12) from a learned shape. */

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: (string | null)[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  [keyword: string]: unknown;
}

function placeSchema(shape: Shape): JsonSchema {
  // Nothing seen, or nested past the depth limit: any value.
  if (shape.n === 0 || shape.deep === true) return {};
  const kinds = kindsOf(shape);
  const out: JsonSchema = { type: kinds.length === 1 ? (kinds[0] as string) : kinds };
  const onlyStrings = kinds.every((kind) => kind === 'string' || kind === 'null') && kinds.includes('string');
  if (onlyStrings && typeof shape.format === 'string') out.format = shape.format;
  if (onlyStrings && isEnumPlace(shape)) {
    out.enum = kinds.includes('null') ? [...(shape.values ?? []), null] : [...(shape.values ?? [])];
  }
  if (kinds.includes('object') && shape.props !== undefined) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const objects = objectCount(shape);
    for (const [key, child] of shape.props) {
      Object.defineProperty(properties, key, { value: placeSchema(child), enumerable: true, writable: true });
      if (child.n === objects) required.push(key);
    }
    out.properties = properties;
    if (required.length > 0) out.required = required;
  }
  // Items are described only when every item was folded: an unsampled one could be anything.
  if (kinds.includes('array') && shape.items !== undefined && shape.items.n > 0 && shape.partial !== true) {
    out.items = placeSchema(shape.items);
  }
  return out;
}

/**
 * The schema of an event type: properties present in every sample are required, the others
 * optional; types (null included) are those seen; `format` where every string agreed; `enum`
 * for small closed sets of strings; integer where no sample had a fraction.
 */
export function typeJsonSchema(eventType: string, type: TypeShape): JsonSchema {
  return {
    $schema: JSON_SCHEMA_DIALECT,
    title: eventType,
    description: `Inferred by Rehook from ${type.root.n} captured ${type.root.n === 1 ? 'event' : 'events'} of type ${eventType}.`,
    ...placeSchema(type.root),
  };
}
