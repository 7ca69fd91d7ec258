// Compares two OpenAPI documents by what they say, not how they are written: every local `$ref`
// is resolved, so moving a schema, a parameter or a response into `components` (and pointing at
// it) is no difference, while a changed path, operation, parameter, request body, status, media
// type or schema (descriptions and examples included) is. Exits 1 with the list of differences.
//
//   npm run openapi:compare -- [old.json] [new.json]
//
// old.json defaults to `git show main:openapi.json`, new.json to the working tree's openapi.json.
// Object keys are compared as sets (their order is not a difference), and so are the `required`
// list of a schema and the parameters of an operation (by `in` and `name`); every other array
// keeps its order.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { HTTP_METHODS, isObject, type Json } from './docs/openapi-reader.js';

const MAX_SHOWN = 200;

function follow(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`cannot follow the non-local $ref ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), document);
}

/**
 * `value` with every local `$ref` replaced by what it points at (siblings of a `$ref` are kept
 * beside it, as OpenAPI 3.1 allows). A recursive reference is left as `{"$recursive": ref}`.
 */
export function resolveAll(document: Json, value: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveAll(document, item, seen));
  if (!isObject(value)) return value;
  const ref = value['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (seen.includes(ref)) return { $recursive: ref };
    const target = follow(document, ref);
    if (target === undefined) throw new Error(`$ref ${ref} points at nothing`);
    const { $ref: _ref, ...siblings } = value;
    const resolved = resolveAll(document, target, [...seen, ref]);
    return Object.keys(siblings).length === 0 || !isObject(resolved)
      ? resolved
      : { ...resolved, ...(resolveAll(document, siblings, seen) as Json) };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveAll(document, item, seen)]));
}

/** Parameters keyed by `in` and `name`, so their order is no difference. */
function normaliseOperation(operation: unknown): unknown {
  if (!isObject(operation) || !Array.isArray(operation['parameters'])) return operation;
  const parameters = Object.fromEntries(
    operation['parameters'].map((parameter, index) => [
      isObject(parameter) ? `${String(parameter['in'])} ${String(parameter['name'])}` : `#${index}`,
      parameter,
    ]),
  );
  return { ...operation, parameters };
}

function show(value: unknown): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

function diff(where: string, before: unknown, after: unknown, out: string[]): void {
  if (Array.isArray(before) && Array.isArray(after)) {
    if (where.endsWith('/required')) {
      const a = [...before].map(String).sort();
      const b = [...after].map(String).sort();
      if (a.join('\0') !== b.join('\0')) out.push(`${where}: ${show(before)} → ${show(after)}`);
      return;
    }
    if (before.length !== after.length) {
      out.push(`${where}: ${before.length} items → ${after.length} items: ${show(before)} → ${show(after)}`);
      return;
    }
    for (const [index, item] of before.entries()) diff(`${where}/${index}`, item, after[index], out);
    return;
  }
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      diff(`${where}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, before[key], after[key], out);
    }
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push(`${where}: ${show(before)} → ${show(after)}`);
}

/** The differences between two documents, as `location: old → new` lines; empty when alike. */
export function compareOpenApi(before: Json, after: Json): string[] {
  const out: string[] = [];
  const pathsBefore = isObject(before['paths']) ? before['paths'] : {};
  const pathsAfter = isObject(after['paths']) ? after['paths'] : {};
  for (const path of new Set([...Object.keys(pathsBefore), ...Object.keys(pathsAfter)])) {
    const itemBefore = resolveAll(before, pathsBefore[path]);
    const itemAfter = resolveAll(after, pathsAfter[path]);
    if (!isObject(itemBefore) || !isObject(itemAfter)) {
      out.push(
        `${path}: ${itemBefore === undefined ? 'added' : itemAfter === undefined ? 'removed' : 'not an object'}`,
      );
      continue;
    }
    for (const key of new Set([...Object.keys(itemBefore), ...Object.keys(itemAfter)])) {
      const where = `${key.toUpperCase()} ${path}`;
      const isOperation = (HTTP_METHODS as readonly string[]).includes(key);
      if (isOperation && itemBefore[key] === undefined) out.push(`${where}: added`);
      else if (isOperation && itemAfter[key] === undefined) out.push(`${where}: removed`);
      else if (isOperation) diff(where, normaliseOperation(itemBefore[key]), normaliseOperation(itemAfter[key]), out);
      else diff(`${path} ${key}`, itemBefore[key], itemAfter[key], out);
    }
  }
  // The rest of the document (info, servers, tags, security schemes) as it is written; the
  // components themselves only matter through what points at them, compared above.
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'paths') continue;
    if (key === 'components') {
      const schemes = (document: Json) =>
        (isObject(document['components']) ? document['components'] : {})['securitySchemes'];
      diff('#/components/securitySchemes', schemes(before), schemes(after), out);
      continue;
    }
    diff(`#/${key}`, before[key], after[key], out);
  }
  return out;
}

function readDocument(file: string | undefined, fallback: () => string): Json {
  const text = file === undefined ? fallback() : readFileSync(file, 'utf8');
  const document: unknown = JSON.parse(text);
  if (!isObject(document)) throw new Error(`${file ?? 'the document'} is not a JSON object`);
  return document;
}

function main(): void {
  const [oldFile, newFile] = process.argv.slice(2);
  const before = readDocument(oldFile, () =>
    execFileSync('git', ['show', 'main:openapi.json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
  );
  const after = readDocument(newFile, () => readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
  const differences = compareOpenApi(before, after);
  const names = `${oldFile ?? 'main:openapi.json'} and ${newFile ?? 'openapi.json'}`;
  if (differences.length === 0) {
    process.stdout.write(`${names} describe the same API (every $ref resolved).\n`);
    return;
  }
  process.stdout.write(`${names} differ in ${differences.length} place(s):\n`);
  for (const line of differences.slice(0, MAX_SHOWN)) process.stdout.write(`  ${line}\n`);
  if (differences.length > MAX_SHOWN) process.stdout.write(`  ... and ${differences.length - MAX_SHOWN} more\n`);
  process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
