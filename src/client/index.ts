/** Public entry of the Rehook API client (also used by the CLI and the web app). */
export { createApiClient, nextBeforeFromLink } from './api-client.js';
export type { ApiClient, ApiClientOptions, ListEventsInput } from './api-client.js';
export { ApiConnectionError, ApiError } from './errors.js';
export type * from './types.js';
