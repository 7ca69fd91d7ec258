/**
 * JSON Schema (2020-12) of HAR 1.2, written from the specification
 * (http://www.softwareishard.com/blog/har-12-spec/, W3C "HTTP Archive (HAR) format" draft):
 * every required field, its type, and no field that is neither in the specification nor a
 * custom field (which must start with `_`). Independent of Rehook's code: exports are checked
 * against it.
 */

const custom = { patternProperties: { '^_': {} }, additionalProperties: false } as const;
const comment = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const timing = { type: 'number', minimum: -1 } as const;
/** ISO 8601 with a time and a zone, as the spec's examples (2009-07-24T19:20:30.45+01:00). */
const dateTime = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
} as const;

const nameValue = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string' }, value: { type: 'string' }, comment },
  ...custom,
} as const;

const cookie = {
  type: 'object',
  required: ['name', 'value'],
  properties: {
    name: { type: 'string' },
    value: { type: 'string' },
    path: { type: 'string' },
    domain: { type: 'string' },
    expires: { type: ['string', 'null'] },
    httpOnly: { type: 'boolean' },
    secure: { type: 'boolean' },
    comment,
  },
  ...custom,
} as const;

const postData = {
  type: 'object',
  required: ['mimeType'],
  properties: {
    mimeType: { type: 'string' },
    params: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          value: { type: 'string' },
          fileName: { type: 'string' },
          contentType: { type: 'string' },
          comment,
        },
        ...custom,
      },
    },
    text: { type: 'string' },
    // Not in HAR 1.2 for postData (only for response content): an extension the issue asks for
    // on binary request bodies.
    encoding: { const: 'base64' },
    comment,
  },
  ...custom,
} as const;

const request = {
  type: 'object',
  required: ['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize'],
  properties: {
    method: { type: 'string', minLength: 1 },
    url: { type: 'string', pattern: '^https?://' },
    httpVersion: { type: 'string' },
    cookies: { type: 'array', items: cookie },
    headers: { type: 'array', items: nameValue },
    queryString: { type: 'array', items: nameValue },
    postData,
    headersSize: int,
    bodySize: int,
    comment,
  },
  ...custom,
} as const;

const content = {
  type: 'object',
  required: ['size', 'mimeType'],
  properties: {
    size: int,
    compression: int,
    mimeType: { type: 'string' },
    text: { type: 'string' },
    encoding: { type: 'string' },
    comment,
  },
  ...custom,
} as const;

const response = {
  type: 'object',
  required: [
    'status',
    'statusText',
    'httpVersion',
    'cookies',
    'headers',
    'content',
    'redirectURL',
    'headersSize',
    'bodySize',
  ],
  properties: {
    status: int,
    statusText: { type: 'string' },
    httpVersion: { type: 'string' },
    cookies: { type: 'array', items: cookie },
    headers: { type: 'array', items: nameValue },
    content,
    redirectURL: { type: 'string' },
    headersSize: int,
    bodySize: int,
    comment,
  },
  ...custom,
} as const;

const cacheEntry = {
  type: ['object', 'null'],
  required: ['lastAccess', 'eTag', 'hitCount'],
  properties: {
    expires: { type: 'string' },
    lastAccess: { type: 'string' },
    eTag: { type: 'string' },
    hitCount: int,
    comment,
  },
  ...custom,
} as const;

const entry = {
  type: 'object',
  required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
  properties: {
    pageref: { type: 'string' },
    startedDateTime: dateTime,
    time: { type: 'number', minimum: 0 },
    request,
    response,
    cache: { type: 'object', properties: { beforeRequest: cacheEntry, afterRequest: cacheEntry, comment }, ...custom },
    timings: {
      type: 'object',
      required: ['send', 'wait', 'receive'],
      properties: {
        blocked: timing,
        dns: timing,
        connect: timing,
        send: timing,
        wait: timing,
        receive: timing,
        ssl: timing,
        comment,
      },
      ...custom,
    },
    serverIPAddress: { type: 'string' },
    connection: { type: 'string' },
    comment,
  },
  ...custom,
} as const;

const creator = {
  type: 'object',
  required: ['name', 'version'],
  properties: { name: { type: 'string' }, version: { type: 'string' }, comment },
  ...custom,
} as const;

export const HAR_1_2_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator,
        browser: creator,
        pages: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'id', 'title', 'pageTimings'],
            properties: {
              startedDateTime: dateTime,
              id: { type: 'string' },
              title: { type: 'string' },
              pageTimings: { type: 'object' },
              comment,
            },
            ...custom,
          },
        },
        entries: { type: 'array', items: entry },
        comment,
      },
      ...custom,
    },
  },
  ...custom,
} as const;
