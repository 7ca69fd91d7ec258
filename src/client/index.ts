/** Public entry of the Rehook API client (`import { RehookClient } from 'rehook'`), also used by the CLI. */
export { RehookClient } from './rehook-client.js';
export { toMs } from './duration.js';
export { eventHeader, eventJson } from './event-match.js';
export { nextBeforeFromLink } from './events.js';
export type { ListEventsOptions } from './events.js';
export type { RehookClientOptions } from './transport.js';
export { isRehookError, RehookApiError, RehookConnectionError, RehookTimeoutError } from './errors.js';
export type { RehookError } from './errors.js';
export type * from './types.js';
export { AUDIT_ACTIONS } from './audit.js';
export type { components as OpenApiComponents, paths as OpenApiPaths } from './generated/openapi-types.js';
