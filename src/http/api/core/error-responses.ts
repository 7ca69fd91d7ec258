/**
 * Moves the error responses of an OpenAPI document into `components.responses` and points every
 * operation at them with `$ref`. The routes declare a handful of distinct error answers (the same
 * 401, 429, 500 and 503 on every operation, a few code lists per status), so sharing them keeps
 * openapi.json small, and the generated client types name each answer once.
 *
 * A response is shared by its content: two operations whose answers to a status carry the same
 * codes and the same extra fields point at the same component. Its name is made of the codes, in
 * the catalogue's order (`InboxNotFoundOrShareNotFound`), and the extra fields
 * (`DestinationTimeoutWithReplayId`), so a name says what the answer holds.
 */

type Json = Record<string, unknown>;

const RESPONSES_PREFIX = '#/components/responses/';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `error.properties` of an inline error response, or undefined for any other response. */
function errorProperties(response: unknown): Json | undefined {
  if (!isObject(response) || !isObject(response['content'])) return undefined;
  const media = response['content']['application/json'];
  const schema = isObject(media) ? media['schema'] : undefined;
  const properties = isObject(schema) ? schema['properties'] : undefined;
  const error = isObject(properties) ? properties['error'] : undefined;
  return isObject(error) && isObject(error['properties']) ? error['properties'] : undefined;
}

function pascal(name: string): string {
  return name
    .toLowerCase()
    .split('_')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('');
}

/** The component name of an error response: its codes joined by `Or`, then `With` each extra field. */
export function errorResponseName(codes: readonly string[], extras: readonly string[]): string {
  const withs = extras.map((extra) => `With${extra.charAt(0).toUpperCase()}${extra.slice(1)}`);
  return `${codes.map(pascal).join('Or')}${withs.join('')}`;
}

function nameOf(where: string, properties: Json): string {
  const codes = isObject(properties['code']) ? properties['code']['enum'] : undefined;
  if (!Array.isArray(codes) || codes.length === 0 || !codes.every((code) => typeof code === 'string')) {
    throw new Error(`${where}: an error response without its list of codes`);
  }
  const extras = Object.keys(properties).filter((name) => name !== 'code' && name !== 'message');
  return errorResponseName(codes, extras);
}

/**
 * Replaces every inline error response (status 4xx or 5xx) of `document.paths` with a `$ref` to
 * a shared one under `components.responses`. Changes `document` in place.
 */
export function shareErrorResponses(document: Json): void {
  const shared = new Map<string, { text: string; response: unknown }>();
  const paths = isObject(document['paths']) ? document['paths'] : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      const responses = isObject(operation) ? operation['responses'] : undefined;
      if (!isObject(responses)) continue;
      for (const [status, response] of Object.entries(responses)) {
        const properties = /^[45]/.test(status) ? errorProperties(response) : undefined;
        if (properties === undefined) continue;
        const name = nameOf(`${method.toUpperCase()} ${path} ${status}`, properties);
        const text = JSON.stringify(response);
        const known = shared.get(name);
        if (known !== undefined && known.text !== text) {
          throw new Error(`two different error responses would share the name ${name} (${method} ${path} ${status})`);
        }
        shared.set(name, { text, response });
        responses[status] = { $ref: `${RESPONSES_PREFIX}${name}` };
      }
    }
  }
  const components = isObject(document['components']) ? document['components'] : {};
  const existing = isObject(components['responses']) ? components['responses'] : {};
  const sorted = [...shared].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  components['responses'] = {
    ...existing,
    ...Object.fromEntries(sorted.map(([name, { response }]) => [name, response])),
  };
  document['components'] = components;
}
