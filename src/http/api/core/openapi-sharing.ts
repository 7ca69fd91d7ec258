/**
 * Makes the document state each schema once. @fastify/swagger writes a schema inline wherever a
 * route uses it directly (a request body such as ReplayJobInput), and routes build the same
 * answers again and again (`{"data": {"inbox": ...}}`); each copy becomes a `$ref`, so the
 * document and the client types generated from it name each shape once. Copies are found by
 * their content: what a `$ref` resolves to is exactly what stood there.
 */

type Json = Record<string, unknown>;

const SCHEMAS_PREFIX = '#/components/schemas/';

/** Schemas this small (`{"type": "string"}`) stay inline: a reference would say no less. */
const SMALLEST_SHARED = 60;

/** A part of a named schema is pointed at (`#/components/schemas/X/properties/y`) from this size. */
const SMALLEST_SHARED_PART = 100;

/** Keys whose value is a map of schemas by name, not a schema: never replaced by a `$ref`. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointer(parts: readonly string[]): string {
  return parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

/**
 * `value` (found at `at`) with each object whose text is known replaced by a `$ref` to where it
 * is stated; the statement itself stays.
 */
function pointAtKnown(value: unknown, known: ReadonlyMap<string, string>, at: string, map = false): unknown {
  if (Array.isArray(value)) return value.map((item, index) => pointAtKnown(item, known, `${at}/${index}`));
  if (!isObject(value)) return value;
  const ref = map ? undefined : known.get(JSON.stringify(value));
  if (ref !== undefined && ref !== at) return { $ref: ref };
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      pointAtKnown(item, known, `${at}/${pointer([key])}`, !map && SCHEMA_MAPS.has(key)),
    ]),
  );
}

/**
 * The required properties of `schema`, and theirs in turn, of at least `SMALLEST_SHARED_PART`
 * characters, by their text, with their pointer (`#/components/schemas/X/properties/y`). Only
 * required properties down a chain of `properties`: the client types name such a part by
 * indexing (`X["y"]`), which an optional property would widen with `undefined`.
 */
function partsOf(schema: unknown, at: readonly string[], into: Map<string, string>): void {
  if (!isObject(schema) || !isObject(schema['properties']) || !Array.isArray(schema['required'])) return;
  const required: unknown[] = schema['required'];
  for (const [name, property] of Object.entries(schema['properties'])) {
    if (!isObject(property) || !required.includes(name) || property['$ref'] !== undefined) continue;
    const text = JSON.stringify(property);
    if (text.length < SMALLEST_SHARED_PART) continue;
    const where = [...at, 'properties', name];
    if (!into.has(text)) into.set(text, `#/${pointer(where)}`);
    partsOf(property, where, into);
  }
}

/** `Inbox` for `inbox`. */
function pascal(name: string): string {
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** The key of a `{"data": {"<key>": ...}}` answer schema, or undefined for any other schema. */
function envelopeKey(schema: unknown): string | undefined {
  if (!isObject(schema) || !isObject(schema['properties'])) return undefined;
  const data = schema['properties']['data'];
  const keys = isObject(data) && isObject(data['properties']) ? Object.keys(data['properties']) : [];
  return keys.length === 1 && Object.keys(schema['properties']).length === 1 ? keys[0] : undefined;
}

/** The schemas of every request body and answer of the paths (shared error answers excluded). */
function mediaSchemas(paths: Json): Json[] {
  const media: Json[] = [];
  for (const item of Object.values(paths)) {
    for (const operation of isObject(item) ? Object.values(item) : []) {
      if (!isObject(operation)) continue;
      const responses = isObject(operation['responses']) ? Object.values(operation['responses']) : [];
      for (const part of [operation['requestBody'], ...responses]) {
        const content = isObject(part) && isObject(part['content']) ? part['content'] : {};
        for (const entry of Object.values(content)) if (isObject(entry) && isObject(entry['schema'])) media.push(entry);
      }
    }
  }
  return media;
}

/**
 * Names the `{"data": {"<key>": ...}}` answers that several operations give alike
 * (`#/components/schemas/InboxData`), unless the name is taken.
 */
function shareEnvelopes(paths: Json, schemas: Json): void {
  const media = mediaSchemas(paths);
  const uses = new Map<string, number>();
  for (const entry of media) {
    const text = JSON.stringify(entry['schema']);
    uses.set(text, (uses.get(text) ?? 0) + 1);
  }
  const names = new Map<string, string | null>();
  for (const entry of media) {
    const text = JSON.stringify(entry['schema']);
    const key = envelopeKey(entry['schema']);
    if (key === undefined || (uses.get(text) ?? 0) < 2) continue;
    const name = `${pascal(key)}Data`;
    if (!names.has(text)) names.set(text, name in schemas || [...names.values()].includes(name) ? null : name);
    const chosen = names.get(text);
    if (chosen === null || chosen === undefined) continue;
    schemas[chosen] = entry['schema'];
    entry['schema'] = { $ref: `${SCHEMAS_PREFIX}${chosen}` };
  }
}

/**
 * Moves the parameters several operations declare alike (`inboxId` in the path) to
 * `components.parameters`, named after them (`InboxId`; `ShareQuery` for a query parameter), and
 * points the operations at them. A second, different parameter of the same name stays inline.
 */
function shareParameters(paths: Json, components: Json): void {
  const operations = Object.values(paths).flatMap((item) => (isObject(item) ? Object.values(item) : []));
  const lists = operations.flatMap((operation) =>
    isObject(operation) && Array.isArray(operation['parameters']) ? [operation['parameters'] as unknown[]] : [],
  );
  const uses = new Map<string, number>();
  for (const parameter of lists.flat()) {
    const text = JSON.stringify(parameter);
    uses.set(text, (uses.get(text) ?? 0) + 1);
  }
  const shared = isObject(components['parameters']) ? components['parameters'] : {};
  const names = new Map<string, string>();
  for (const list of lists) {
    for (const [index, parameter] of list.entries()) {
      const text = JSON.stringify(parameter);
      if (!isObject(parameter) || (uses.get(text) ?? 0) < 2) continue;
      let name = names.get(text);
      if (name === undefined) {
        const where = parameter['in'] === 'path' ? '' : pascal(String(parameter['in']));
        name = `${pascal(String(parameter['name']))}${where}`;
        if (name in shared) continue;
        names.set(text, name);
        shared[name] = parameter;
      }
      list[index] = { $ref: `#/components/parameters/${name}` };
    }
  }
  if (Object.keys(shared).length > 0) components['parameters'] = shared;
}

/** Answers shorter than this (`{"description": "Deleted."}`) stay inline. */
const SMALLEST_SHARED_ANSWER = 100;

/** The longest start the operation ids share, ending before an upper-case letter or at an id's end. */
function commonStart(ids: readonly string[]): string {
  const first = ids[0] ?? '';
  let end = 0;
  while (end < first.length && ids.every((id) => id[end] === first[end])) end += 1;
  while (end > 0 && ids.some((id) => end < id.length && !/[A-Z]/.test(id.charAt(end)))) end -= 1;
  return first.slice(0, end);
}

/**
 * Moves the success answers that three or more operations give alike (the web app's page, the ingest
 * listener's `{"ok": true}`) to `components.responses`, named after what their operation ids
 * start with and the status (`WebApp200`), and points the operations at them.
 */
function shareAnswers(paths: Json, components: Json): void {
  const uses = new Map<string, { ids: string[]; status: string; answer: Json }>();
  const operations = Object.values(paths).flatMap((item) => (isObject(item) ? Object.values(item) : []));
  for (const operation of operations) {
    if (!isObject(operation) || !isObject(operation['responses'])) continue;
    for (const [status, answer] of Object.entries(operation['responses'])) {
      const text = JSON.stringify(answer);
      if (!/^[123]/.test(status) || !isObject(answer) || text.length < SMALLEST_SHARED_ANSWER) continue;
      const use = uses.get(`${status} ${text}`) ?? { ids: [], status, answer };
      use.ids.push(String(operation['operationId']));
      uses.set(`${status} ${text}`, use);
    }
  }
  const shared = isObject(components['responses']) ? components['responses'] : {};
  const refs = new Map<string, string>();
  for (const [key, { ids, status, answer }] of uses) {
    const name = `${pascal(commonStart(ids))}${status}`;
    if (ids.length < 3 || name === status || name in shared) continue;
    shared[name] = answer;
    refs.set(key, `#/components/responses/${name}`);
  }
  for (const operation of operations) {
    if (!isObject(operation) || !isObject(operation['responses'])) continue;
    const responses = operation['responses'];
    for (const [status, answer] of Object.entries(responses)) {
      const ref = refs.get(`${status} ${JSON.stringify(answer)}`);
      if (ref !== undefined) responses[status] = { $ref: ref };
    }
  }
  components['responses'] = Object.fromEntries(Object.entries(shared).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Replaces every copy of a named schema (`components.schemas`), or of a large part of one, in the
 * paths, the shared responses and the other named schemas with a `$ref` to it, and names the
 * answers and parameters several operations give alike. Changes `document` in place.
 */
export function shareSchemas(document: Json): void {
  const components = isObject(document['components']) ? document['components'] : {};
  const schemas = isObject(components['schemas']) ? components['schemas'] : {};
  const paths = isObject(document['paths']) ? document['paths'] : {};
  shareParameters(paths, components);
  shareAnswers(paths, components);
  shareEnvelopes(paths, schemas);
  const known = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    const text = JSON.stringify(schema);
    if (text.length >= SMALLEST_SHARED && !known.has(text)) known.set(text, `${SCHEMAS_PREFIX}${name}`);
  }
  const parts = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) partsOf(schema, ['components', 'schemas', name], parts);
  for (const [text, ref] of parts) if (!known.has(text)) known.set(text, ref);
  document['paths'] = pointAtKnown(paths, known, '#/paths');
  if (isObject(components['responses'])) {
    components['responses'] = pointAtKnown(components['responses'], known, '#/components/responses');
  }
  for (const [name, schema] of Object.entries(schemas)) {
    schemas[name] = pointAtKnown(schema, known, `${SCHEMAS_PREFIX}${pointer([name])}`);
  }
}
