import type { Logger } from 'pino';
import type { ApiAbuseControls } from '../../../abuse/api-limits.js';
import type { SignupMode } from '../../../config/schema.js';
import type { ServiceDeps } from '../../../services/deps.js';
import type { SingleSignOn } from '../../../services/single-sign-on.js';
import type { UiFiles } from './static-ui.js';

/**
 * What the API app and its routes are built from. It lives apart from app.ts because every route
 * module needs it and app.ts imports every route module.
 */
export interface ApiContext {
  readonly deps: ServiceDeps;
  /** Public origin of the ingest listener (known only once it is bound, hence a function). */
  readonly ingestOrigin: () => string;
  readonly logger: Logger;
  readonly trustProxy: boolean;
  /** Prometheus text for `GET /metrics`; absent = no /metrics route. */
  readonly metrics?: () => string;
  /** Per-IP and concurrency limits (src/abuse); absent = no limits. */
  readonly abuse?: ApiAbuseControls;
  /** Sign-up and sessions (REHOOK_SIGNUP, REHOOK_SESSION_TTL); absent = open, 30-day sessions. */
  readonly accounts?: AccountSettings;
  /**
   * Sees every response before it is sent (route pattern, status, body). The test harness uses
   * it to hold every answer to the OpenAPI document; absent in production (no hook at all).
   */
  readonly inspectResponse?: (response: InspectedResponse) => void;
  /** The web app's files; default: the build in dist/ui (src/http/api/core/static-ui.ts). */
  readonly ui?: UiFiles;
  /** Single sign-on with OpenID Connect (REHOOK_OIDC_*); absent = off. */
  readonly singleSignOn?: SingleSignOn;
  /** Largest body an edited replay may send (REHOOK_MAX_BODY); default 10 MiB. */
  readonly replayMaxBodyBytes?: number;
}

export interface InspectedResponse {
  readonly method: string;
  /** The route's pattern (`/api/v1/inboxes/:inboxId`), or null when no route matched. */
  readonly route: string | null;
  readonly url: string;
  readonly status: number;
  readonly contentType: string | undefined;
  /** The serialized body when it is a string (JSON answers are), else null. */
  readonly body: string | null;
}

/** Sign-up, sign-in and session settings of the API (REHOOK_SIGNUP, REHOOK_SESSION_TTL, REHOOK_PASSWORD_SIGN_IN). */
export interface AccountSettings {
  readonly signup: SignupMode;
  readonly sessionTtlMs: number;
  /** Password sign-in and sign-up; absent = on. */
  readonly passwordSignIn?: boolean;
}
