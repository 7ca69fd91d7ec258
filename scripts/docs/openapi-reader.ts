/**
 * Reads what the generated docs need from an OpenAPI 3.1 document: its operations and, for each
 * error status, the `error.code` values it declares, following local `$ref`s (error responses
 * are shared components).
 */

export type Json = Record<string, unknown>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/...`); other objects are returned as they are. */
export function resolve(document: Json, value: unknown, where: string): Json | undefined {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current['$ref'] === 'string'; hops += 1) {
    const ref = current['$ref'];
    if (!ref.startsWith('#/') || hops > 20) throw new Error(`openapi.json: ${where}: cannot follow $ref ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), document);
  }
  return isObject(current) ? current : undefined;
}

/** One operation's answers with one error status, as the OpenAPI document declares them. */
export interface ErrorAnswer {
  readonly method: string;
  readonly path: string;
  /** The response key: `404`, or a range such as `4XX`, or `default`. */
  readonly status: string;
  readonly codes: readonly string[];
  /** Properties of the error object besides `code` and `message`, with their descriptions. */
  readonly extras: ReadonlyMap<string, string>;
}

export interface OperationRef {
  readonly method: string;
  readonly path: string;
}

/** Every operation of the document, and every error response of each (status >= 400). */
export function readErrorAnswers(document: unknown): { operations: OperationRef[]; answers: ErrorAnswer[] } {
  if (!isObject(document) || !isObject(document['paths'])) throw new Error('openapi.json: no `paths` object');
  const operations: OperationRef[] = [];
  const answers: ErrorAnswer[] = [];
  for (const [path, rawItem] of Object.entries(document['paths'])) {
    const item = resolve(document, rawItem, path);
    if (item === undefined) continue;
    for (const method of HTTP_METHODS) {
      const operation = resolve(document, item[method], `${method} ${path}`);
      if (operation === undefined) continue;
      const where = `${method.toUpperCase()} ${path}`;
      operations.push({ method: method.toUpperCase(), path });
      const responses = resolve(document, operation['responses'], where) ?? {};
      for (const [status, rawResponse] of Object.entries(responses)) {
        if (!(status === 'default' || /^[45]/.test(status))) continue;
        const response = resolve(document, rawResponse, `${where} ${status}`);
        const content = resolve(document, response?.['content'], `${where} ${status}`);
        const media = resolve(document, content?.['application/json'], `${where} ${status}`);
        const schema = resolve(document, media?.['schema'], `${where} ${status}`);
        const error = resolve(document, resolve(document, schema?.['properties'], where)?.['error'], where);
        const properties = resolve(document, error?.['properties'], where) ?? {};
        const codes = resolve(document, properties['code'], where)?.['enum'];
        if (!Array.isArray(codes) || !codes.every((code): code is string => typeof code === 'string')) {
          throw new Error(
            `openapi.json: ${where} response ${status} has no error.code enum ` +
              `(content['application/json'].schema.properties.error.properties.code.enum)`,
          );
        }
        const extras = new Map<string, string>();
        for (const [name, raw] of Object.entries(properties)) {
          if (name === 'code' || name === 'message') continue;
          const description = resolve(document, raw, `${where} ${status} ${name}`)?.['description'];
          extras.set(name, typeof description === 'string' ? description : '');
        }
        answers.push({ method: method.toUpperCase(), path, status, codes, extras });
      }
    }
  }
  return { operations, answers };
}
