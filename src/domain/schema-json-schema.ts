import {
  closedValues,
  DEFAULT_READING,
  isRequired,
  kindsOf,
  onlyNull,
  type Shape,
  type SchemaReading,
  type LearnedSchema,
} from './learned-schema.js';

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

function placeSchema(shape: Shape, key: string | null, reading: SchemaReading): JsonSchema {
  // Nothing seen, nested past the depth limit, or only nulls (what it holds is unknown): any value.
  if (shape.n === 0 || shape.deep === true || onlyNull(shape)) return {};
  const kinds = kindsOf(shape);
  const out: JsonSchema = { type: kinds.length === 1 ? (kinds[0] as string) : kinds };
  const onlyStrings = kinds.every((kind) => kind === 'string' || kind === 'null') && kinds.includes('string');
  if (onlyStrings && typeof shape.format === 'string') out.format = shape.format;
  const closed = onlyStrings ? closedValues(shape, key, reading) : null;
  if (closed !== null) out.enum = kinds.includes('null') ? [...closed, null] : closed;
  if (kinds.includes('object') && shape.props !== undefined) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [name, child] of shape.props) {
      Object.defineProperty(properties, name, {
        value: placeSchema(child, name, reading),
        enumerable: true,
        writable: true,
      });
      if (isRequired(shape, child, reading)) required.push(name);
    }
    out.properties = properties;
    if (required.length > 0) out.required = required;
  }
  // Items are described only when every item was folded: an unsampled one could be anything.
  if (kinds.includes('array') && shape.items !== undefined && shape.items.n > 0 && shape.partial !== true) {
    out.items = placeSchema(shape.items, null, reading);
  }
  return out;
}

/**
 * The schema of an event type: properties present in every one of at least `minSamples` samples
 * are required, the others optional; types (null included) are those seen, and a place seen only
 * as null has none; `format` where every string agreed; `enum` for closed sets the evidence
 * supports and for the type's discriminator; integer where no sample had a fraction.
 */
export function typeJsonSchema(
  eventType: string,
  type: LearnedSchema,
  minSamples = DEFAULT_READING.minSamples,
): JsonSchema {
  const reading: SchemaReading = { minSamples, eventType };
  return {
    $schema: JSON_SCHEMA_DIALECT,
    title: eventType,
    description: `Inferred by Rehook from ${type.root.n} captured ${type.root.n === 1 ? 'event' : 'events'} of type ${eventType}.`,
    ...placeSchema(type.root, null, reading),
  };
}
