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
import { typeScriptName } from './schema-typescript.js';

/**
 * A Zod schema (source text) from a learned shape, for Zod 3 and 4 alike. String formats are
 * left to the JSON Schema (the two Zod versions check them differently).
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function zodPlace(shape: Shape, key: string | null, indent: string, reading: SchemaReading): string {
  if (shape.n === 0 || shape.deep === true || onlyNull(shape)) return 'z.unknown()';
  const kinds = kindsOf(shape);
  const nullable = kinds.includes('null') && kinds.length > 1;
  const parts = kinds
    .filter((kind) => !nullable || kind !== 'null')
    .map((kind) => {
      switch (kind) {
        case 'null':
          return 'z.null()';
        case 'boolean':
          return 'z.boolean()';
        case 'integer':
          return 'z.number().int()';
        case 'number':
          return 'z.number()';
        case 'string': {
          const closed = closedValues(shape, key, reading);
          return closed !== null ? `z.enum(${JSON.stringify(closed)})` : 'z.string()';
        }
        case 'array': {
          const items = shape.items;
          const item =
            items === undefined || items.n === 0 || shape.partial === true
              ? 'z.unknown()'
              : zodPlace(items, null, indent, reading);
          return `z.array(${item})`;
        }
        default:
          return zodObject(shape, indent, reading);
      }
    });
  const base = parts.length === 1 ? (parts[0] as string) : `z.union([${parts.join(', ')}])`;
  return nullable ? `${base}.nullable()` : base;
}

function zodObject(shape: Shape, indent: string, reading: SchemaReading): string {
  const inner = `${indent}  `;
  const lines = [...(shape.props ?? new Map<string, Shape>())].map(([key, child]) => {
    const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
    const optional = isRequired(shape, child, reading) ? '' : '.optional()';
    return `${inner}${name}: ${zodPlace(child, key, inner, reading)}${optional},`;
  });
  // Objects with unrecorded properties keep them rather than strip them.
  const tail = shape.open === true ? '.passthrough()' : '';
  return lines.length === 0 ? `z.object({})${tail}` : `z.object({\n${lines.join('\n')}\n${indent}})${tail}`;
}

/** `<Name>Schema` and its inferred type `<Name>`, as a module importing `z` from 'zod'. */
export function zodSchemaSource(
  eventType: string,
  type: LearnedSchema,
  minSamples = DEFAULT_READING.minSamples,
): string {
  const name = typeScriptName(eventType);
  const reading: SchemaReading = { minSamples, eventType };
  return (
    `// Inferred by Rehook from ${type.root.n} captured ${type.root.n === 1 ? 'event' : 'events'} of type ` +
    `${JSON.stringify(eventType)}.\nimport { z } from 'zod';\n\n` +
    `export const ${name}Schema = ${zodPlace(type.root, null, '', reading)};\n\n` +
    `export type ${name} = z.infer<typeof ${name}Schema>;\n`
  );
}
