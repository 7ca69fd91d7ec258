/** Public entry of the Rehook API client (`import { RehookClient } from 'rehook'`), also used by the CLI. */
export { eventHeader, eventJson, nextBeforeFromLink, RehookClient, toMs } from './rehook-client.js';
export type { ListEventsOptions, RehookClientOptions } from './rehook-client.js';
export { isRehookError, RehookApiError, RehookConnectionError, RehookTimeoutError } from './errors.js';
export type { RehookError } from './errors.js';
export type * from './types.js';
export type { components as OpenApiComponents, paths as OpenApiPaths } from './generated/openapi-types.js';
