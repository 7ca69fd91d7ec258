import { createApiClient, type ApiClient } from '../client/api-client.js';

/** Options every client command takes: where the server is, who calls, which output. */
export interface ClientOptions {
  /** API origin without a trailing slash. */
  readonly server: string;
  readonly token: string | undefined;
  /** Print the JSON data instead of the human form. */
  readonly json: boolean;
}

export function clientFor(options: ClientOptions): ApiClient {
  return createApiClient({ baseUrl: options.server, token: options.token });
}
