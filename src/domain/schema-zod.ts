import { closedValues, kindsOf, type LearnedSchema, type SchemaReading, type Shape } from './learned-schema.js';
import { describedItems, isUnknownPlace, propertiesOf, propertyKey, schemaSource } from './schema-render.js';
import { typeScriptName } from './schema-typescript.js';

/**
 * A Zod schema (source text) from a learned schema, for Zod 3 and 4 alike. String formats are
 * left to the JSON Schema (the two Zod versions check them differently).
 */

function zodPlace(shape: Shape, key: string | null, indent: string, reading: SchemaReading): string {
  if (isUnknownPlace(shape)) return 'z.unknown()';
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
          const items = describedItems(shape);
          return `z.array(${items === null ? 'z.unknown()' : zodPlace(items, null, indent, reading)})`;
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
  const lines = propertiesOf(shape, reading).map(([key, child, required]) => {
    const optional = required ? '' : '.optional()';
    return `${inner}${propertyKey(key)}: ${zodPlace(child, key, inner, reading)}${optional},`;
  });
  // Objects with unrecorded properties keep them rather than strip them.
  const tail = shape.open === true ? '.passthrough()' : '';
  return lines.length === 0 ? `z.object({})${tail}` : `z.object({\n${lines.join('\n')}\n${indent}})${tail}`;
}

/** `<Name>Schema` and its inferred type `<Name>`, as a module importing `z` from 'zod'. */
export function zodSchemaSource(eventType: string, type: LearnedSchema, minSamples?: number): string {
  const name = typeScriptName(eventType);
  const source = schemaSource(eventType, type, minSamples);
  return (
    `// ${source.inferredFrom} ${JSON.stringify(eventType)}.\nimport { z } from 'zod';\n\n` +
    `export const ${name}Schema = ${zodPlace(source.root, null, '', source.reading)};\n\n` +
    `export type ${name} = z.infer<typeof ${name}Schema>;\n`
  );
}
