import { ApiTransport, type RehookClientOptions } from './transport.js';

/**
 * What every part of RehookClient stands on: the server's base URL and the transport that sends
 * each call (credentials, CSRF token, error answers). The calls are grouped by purpose in
 * account-calls.ts, inbox-calls.ts and event-calls.ts, each extending the one before.
 */
export class ClientCore {
  readonly baseUrl: string;
  readonly #api: ApiTransport;

  constructor(options: RehookClientOptions) {
    this.#api = new ApiTransport(options);
    this.baseUrl = this.#api.baseUrl;
  }

  /** The transport the calls go through. */
  protected get api(): ApiTransport {
    return this.#api;
  }
}
