import {
  closedValues,
  kindsOf,
  type LearnedSchema,
  objectCount,
  type SchemaReading,
  type Shape,
} from './learned-schema.js';
import { describedItems, isUnknownPlace, propertiesOf, propertyKey, schemaSource } from './schema-render.js';

/**
 * TypeScript declarations from a learned schema: one exported interface per object place, named
 * after the event type and the property path, each with a JSDoc saying how many samples it was
 * learned from. Captured property names are only ever emitted as string literals or plain
 * identifiers, never as code.
 */

const MAX_NAME_LENGTH = 60;

/** PascalCase of the letters and digits of `text` ('charge.succeeded' gives 'ChargeSucceeded'). */
export function pascalName(text: string, fallback: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  let name = words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
  if (name === '') name = fallback;
  if (/^[0-9]/.test(name)) name = `${fallback}${name}`;
  return name.slice(0, MAX_NAME_LENGTH);
}

interface Declarations {
  readonly used: Set<string>;
  readonly blocks: string[];
  readonly reading: SchemaReading;
}

function uniqueName(decl: Declarations, wanted: string): string {
  let name = wanted;
  for (let i = 2; decl.used.has(name); i += 1) name = `${wanted}${i}`;
  decl.used.add(name);
  return name;
}

function tsType(shape: Shape, name: string, key: string | null, decl: Declarations): string {
  if (isUnknownPlace(shape)) return 'unknown';
  const parts: string[] = [];
  for (const kind of kindsOf(shape)) {
    if (kind === 'null' || kind === 'boolean' || kind === 'string') {
      const closed = kind === 'string' ? closedValues(shape, key, decl.reading) : null;
      if (closed !== null) parts.push(...closed.map((v) => JSON.stringify(v)));
      else parts.push(kind);
    } else if (kind === 'integer' || kind === 'number') {
      parts.push('number');
    } else if (kind === 'object') {
      parts.push(declareInterface(shape, name, decl));
    } else {
      const items = describedItems(shape);
      const item = items === null ? 'unknown' : tsType(items, `${name}Item`, null, decl);
      parts.push(item.includes(' | ') ? `(${item})[]` : `${item}[]`);
    }
  }
  return parts.join(' | ');
}

function declareInterface(shape: Shape, wanted: string, decl: Declarations): string {
  const name = uniqueName(decl, wanted);
  const objects = objectCount(shape);
  const lines: string[] = [];
  for (const [key, child, required] of propertiesOf(shape, decl.reading)) {
    const optional = !required;
    if (optional) lines.push(`  /** Present in ${child.n} of ${objects} samples. */`);
    const type = tsType(child, name + pascalName(key, 'Field'), key, decl);
    lines.push(`  ${propertyKey(key)}${optional ? '?' : ''}: ${type};`);
  }
  if (shape.open === true) {
    lines.push('  /** Not every property was recorded (too many, or too large a body). */');
    lines.push('  [key: string]: unknown;');
  }
  const doc = `/** Learned from ${objects} ${objects === 1 ? 'sample' : 'samples'}. */`;
  decl.blocks.push(`${doc}\nexport interface ${name} {\n${lines.join('\n')}\n}`);
  return name;
}

/** The type's name in the declarations (PascalCase of the event type). */
export function typeScriptName(eventType: string): string {
  return pascalName(eventType, 'Event');
}

/**
 * Declarations for an event type: the interface of its body (or a type alias when the bodies
 * are not all objects) and one interface per nested object.
 */
export function typeScriptDeclarations(eventType: string, type: LearnedSchema, minSamples?: number): string {
  const root = typeScriptName(eventType);
  const source = schemaSource(eventType, type, minSamples);
  const decl: Declarations = { used: new Set(), blocks: [], reading: source.reading };
  const header = `// ${source.inferredFrom} ${JSON.stringify(eventType)}.\n`;
  const kinds = kindsOf(type.root);
  if (kinds.length === 1 && kinds[0] === 'object' && type.root.deep !== true) {
    declareInterface(type.root, root, decl);
    return `${header}\n${decl.blocks.reverse().join('\n\n')}\n`;
  }
  decl.used.add(root);
  const body = tsType(type.root, `${root}Body`, null, decl);
  const alias = `/** Learned from ${type.root.n} samples. */\nexport type ${root} = ${body};`;
  return `${header}\n${[alias, ...decl.blocks.reverse()].join('\n\n')}\n`;
}
