import { closedValues, kindsOf, type LearnedSchema, type SchemaReading, type Shape } from './learned-schema.js';
import { describedItems, isUnknownPlace, propertiesOf, schemaSource } from './schema-render.js';

/** JSON Schema (draft 2020-12) from a learned schema. */

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
  if (isUnknownPlace(shape)) return {};
  const kinds = kindsOf(shape);
  const out: JsonSchema = { type: kinds.length === 1 ? (kinds[0] as string) : kinds };
  const onlyStrings = kinds.every((kind) => kind === 'string' || kind === 'null') && kinds.includes('string');
  if (onlyStrings && typeof shape.format === 'string') out.format = shape.format;
  const closed = onlyStrings ? closedValues(shape, key, reading) : null;
  if (closed !== null) out.enum = kinds.includes('null') ? [...closed, null] : closed;
  if (kinds.includes('object') && shape.props !== undefined) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [name, child, isRequired] of propertiesOf(shape, reading)) {
      Object.defineProperty(properties, name, {
        value: placeSchema(child, name, reading),
        enumerable: true,
        writable: true,
      });
      if (isRequired) required.push(name);
    }
    out.properties = properties;
    if (required.length > 0) out.required = required;
  }
  const items = kinds.includes('array') ? describedItems(shape) : null;
  if (items !== null) out.items = placeSchema(items, null, reading);
  return out;
}

/**
 * The schema of an event type: properties present in every one of at least `minSamples` samples
 * are required, the others optional; types (null included) are those seen, and a place seen only
 * as null has none; `format` where every string agreed; `enum` for closed sets the evidence
 * supports and for the type's discriminator; integer where no sample had a fraction.
 */
export function typeJsonSchema(eventType: string, type: LearnedSchema, minSamples?: number): JsonSchema {
  const source = schemaSource(eventType, type, minSamples);
  return {
    $schema: JSON_SCHEMA_DIALECT,
    title: eventType,
    description: `${source.inferredFrom} ${eventType}.`,
    ...placeSchema(source.root, null, source.reading),
  };
}
