import { RehookClient } from '../client/rehook-client.js';

/** Options every client command takes: where the server is, who calls, which output. */
export interface ClientOptions {
  /** API origin without a trailing slash. */
  readonly server: string;
  readonly token: string | undefined;
  /** Print the JSON data instead of the human form. */
  readonly json: boolean;
}

export function clientFor(options: ClientOptions): RehookClient {
  return new RehookClient({ baseUrl: options.server, token: options.token });
}
