import {
  DEFAULT_READING,
  isRequired,
  type LearnedSchema,
  onlyNull,
  type SchemaReading,
  type Shape,
} from './learned-schema.js';

/**
 * What the three renderings of a learned schema (JSON Schema, TypeScript, Zod) read from it the
 * same way: which places are unknown, whether an array's items are described, which properties
 * are required and which strings are closed, and the line saying what it was learned from.
 */

/** One event type's schema as a renderer reads it. */
export interface SchemaSource {
  readonly root: Shape;
  readonly reading: SchemaReading;
  /** "Inferred by Rehook from 3 captured events of type …" (no full stop). */
  readonly inferredFrom: string;
}

export function schemaSource(
  eventType: string,
  type: LearnedSchema,
  minSamples = DEFAULT_READING.minSamples,
): SchemaSource {
  const n = type.root.n;
  return {
    root: type.root,
    reading: { minSamples, eventType },
    inferredFrom: `Inferred by Rehook from ${n} captured ${n === 1 ? 'event' : 'events'} of type`,
  };
}

/** Nothing seen, nested past the depth limit, or only nulls (what it holds is unknown): any value. */
export function isUnknownPlace(shape: Shape): boolean {
  return shape.n === 0 || shape.deep === true || onlyNull(shape);
}

/** An array place's items, when every item was folded (an unsampled one could be anything); else null. */
export function describedItems(shape: Shape): Shape | null {
  const items = shape.items;
  return items === undefined || items.n === 0 || shape.partial === true ? null : items;
}

/** The object place's properties, each with whether it is required. */
export function propertiesOf(shape: Shape, reading: SchemaReading): [key: string, child: Shape, required: boolean][] {
  return [...(shape.props ?? new Map<string, Shape>())].map(([key, child]) => [
    key,
    child,
    isRequired(shape, child, reading),
  ]);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name in source code: as it is when it is an identifier, else a string literal. */
export function propertyKey(key: string): string {
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}
