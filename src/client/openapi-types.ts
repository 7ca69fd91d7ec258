// GENERATED from openapi.json by `npm run openapi:write` (openapi-typescript): do not edit.
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database answers
         * @description For load balancers: 503 STORAGE_UNAVAILABLE while the database is unreachable.
         */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics of this instance
         * @description No authentication: keep it off the public network.
         */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's inboxes
         * @description Every live inbox owned by the token's account, newest first.
         */
        get: operations["listInboxes"];
        put?: never;
        /**
         * Create an inbox
         * @description Without a token: an anonymous inbox that expires after REHOOK_ANON_TTL (48 h). With a token: a persistent inbox owned by the account. The body is optional: `{"name": "..."}` names the inbox; no body, an empty one, or `{}` makes an inbox without a name.
         */
        post: operations["createInbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One inbox */
        get: operations["getInbox"];
        put?: never;
        post?: never;
        /**
         * Delete an inbox with its events and replays
         * @description An owned inbox only by its owner; an anonymous inbox by anyone who holds its id.
         */
        delete: operations["deleteInbox"];
        options?: never;
        head?: never;
        /**
         * Rename an inbox
         * @description Sets the name of the inbox (`null` removes it). Same access as deleting it: an owned inbox only by its owner; an anonymous inbox by anyone who holds its id.
         */
        patch: operations["renameInbox"];
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make an anonymous inbox persistent and owned by the account
         * @description Saving an inbox the account already owns answers it unchanged.
         */
        post: operations["saveInbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of an inbox's events, newest first
         * @description A bare JSON array (spec §4.3). When older events remain, the `Link` header carries the next page: `</api/v1/inboxes/<id>/events?limit=50&before=evt_...>; rel="next"`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        /**
         * Delete every event of an inbox (clear it)
         * @description Deletes the events stored before the call, with their replays; the inbox stays and keeps capturing (events that arrive meanwhile are kept). Same access as deleting the inbox. Works in short steps of 1,000 rows, so ingest never waits long; a very large inbox takes a moment. Open live streams of the inbox get an `inbox.cleared` message.
         */
        delete: operations["clearInbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One captured event with headers and body */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        /**
         * Delete one event with its replays
         * @description Same access as deleting its inbox: an owned inbox's event only by the owner; an anonymous inbox's event by anyone who holds the ids. Open live streams of the inbox get an `event.deleted` message.
         */
        delete: operations["deleteEvent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}/body": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The raw body bytes of an event
         * @description Served as an attachment with the original Content-Type (octet-stream when it is not a plain type/subtype), `X-Content-Type-Options: nosniff` and a sandboxing CSP.
         */
        get: operations["getEventBody"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/events/next": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Long-poll: the next event of an inbox
         * @description Answers 200 with the first event (lowest id) newer than `after` as soon as one is stored, on any instance, or 204 when none came within `timeout`. Without `after`: the next event stored after the call. Same access rules as listing events. A server shutting down answers waiting polls 204 at once, so clients simply poll again.
         */
        get: operations["nextEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live stream of an inbox's new events (server-sent events)
         * @description One `event.created` message per captured request, its data the event summary (as in the list), its `id` the event id. With `Last-Event-ID` (header, or `lastEventId` in the query) every missed event is sent first, oldest first: nothing missed, nothing repeated. While the stream is open, `event.deleted` (data `{"id","inboxId"}`) tells of a deleted event and `inbox.cleared` (data `{"inboxId","through"}`: every event up to that id is gone) of a cleared inbox; they carry no `id`. A `: ping` comment every 15 s keeps proxies from closing the connection.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send an event to a destination
         * @description The server sends the stored method, headers (without hop-by-hop and redacted ones) and exact body bytes to `destination` and answers what it replied. A 4xx or 5xx of the destination is a normal result. Redirects are not followed. Loopback, private and reserved addresses are refused unless the server allows them. Failed attempts are recorded too; their error carries `replayId`.
         */
        post: operations["replayEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Replay history of an event, newest first (at most 100)
         * @description Of an anonymous inbox's event: only the caller's own replays.
         */
        get: operations["listReplays"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's API tokens, revoked ones included, newest first */
        get: operations["listTokens"];
        put?: never;
        /**
         * Create an API token for the account
         * @description The answer is the only time the token itself is shown; only its hash is stored.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API token of the account
         * @description The token stops working at once, open live streams included.
         */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sharing links of a saved inbox, newest first
         * @description Only the owner of a saved inbox (its token or session); an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404 INBOX_NOT_FOUND, a sharing link 403 SHARE_READ_ONLY. Links are listed without their tokens; revoked links are gone.
         */
        get: operations["listShares"];
        put?: never;
        /**
         * Create a read-only sharing link of a saved inbox
         * @description Only the owner of a saved inbox (its token or session); an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404 INBOX_NOT_FOUND, a sharing link 403 SHARE_READ_ONLY. The answer carries the link's token, shown this once (only a hash is stored), and the path of its page in the web app. Whoever holds the token reads the inbox, its events and their live stream, nothing else, until the link is revoked. The request body is ignored.
         */
        post: operations["createShare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/shares/{shareId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a sharing link
         * @description Only the owner of a saved inbox (its token or session); an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404 INBOX_NOT_FOUND, a sharing link 403 SHARE_READ_ONLY. The link stops working at once: the next request made with it gets 404 SHARE_NOT_FOUND, and its open live streams and waiting long-polls end, on every instance. Revoking it again answers 404 SHARE_NOT_FOUND.
         */
        delete: operations["revokeShare"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shares/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The inbox a sharing link reads
         * @description For the web app's /s/<token> page: no other credential is needed (the token in the path is one). An unknown or revoked link, or one whose inbox was deleted, is 404 SHARE_NOT_FOUND.
         */
        get: operations["resolveShare"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in
         * @description Open unless the server runs with REHOOK_SIGNUP=closed. Sets the session cookie: `rehook_session`, HttpOnly, SameSite=Lax, Path=/, Max-Age = the session lifetime (REHOOK_SESSION_TTL, 30 days by default, from sign-in), Secure when the request came over https. Counts against REHOOK_RATE_SIGNIN.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with e-mail and password
         * @description Sets the session cookie: `rehook_session`, HttpOnly, SameSite=Lax, Path=/, Max-Age = the session lifetime (REHOOK_SESSION_TTL, 30 days by default, from sign-in), Secure when the request came over https. A wrong password and an unknown e-mail get the same 401, after the same work. Limited per client address (REHOOK_RATE_SIGNIN) and per e-mail address (REHOOK_RATE_SIGNIN_PER_EMAIL, failed attempts).
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in account and the CSRF token of this browser session
         * @description Answers 401 without a valid session cookie (an API token is not a session).
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign this browser out: its session ends and the cookie is cleared
         * @description Also 204 when the session had already ended. Needs X-CSRF-Token while the session is live.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signout-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End every session of the account, this one included
         * @description Every browser signed in to the account is signed out at once (open live streams end). API tokens keep working: revoke them separately. Works with a session or an API token.
         */
        post: operations["signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenAPI 3.1 document of this API
         * @description The same document as openapi.json in the repository and the package.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppHome"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inboxes/{inboxId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /inboxes/:inboxId
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppInboxesInboxId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inboxes/{inboxId}/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /inboxes/:inboxId/events/:eventId
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppInboxesInboxIdEventsEventId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /signin
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppSignin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /signup
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppSignup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /dashboard
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /settings/tokens
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppSettingsTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{shareToken}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /s/:shareToken
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppSShareToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A file of the web app (script, style sheet, icon)
         * @description Content-hashed names, so they are cached for a year (`Cache-Control: public, max-age=31536000, immutable`). Never from a CDN: Rehook works air-gapped.
         */
        get: operations["webAppAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/i/{inboxId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Capture a GET request
         * @description Records the request (method, headers in order, raw body, query string) as an event of the inbox and answers 200 only once it is committed. Any path below /i/<inboxId> is captured too. Unknown and expired inboxes also get 200 (nothing is stored). Served on the ingest origin.
         */
        get: operations["ingestGet"];
        /**
         * Capture a PUT request
         * @description Records the request (method, headers in order, raw body, query string) as an event of the inbox and answers 200 only once it is committed. Any path below /i/<inboxId> is captured too. Unknown and expired inboxes also get 200 (nothing is stored). Served on the ingest origin.
         */
        put: operations["ingestPut"];
        /**
         * Capture a POST request
         * @description Records the request (method, headers in order, raw body, query string) as an event of the inbox and answers 200 only once it is committed. Any path below /i/<inboxId> is captured too. Unknown and expired inboxes also get 200 (nothing is stored). Served on the ingest origin.
         */
        post: operations["ingestPost"];
        /**
         * Capture a DELETE request
         * @description Records the request (method, headers in order, raw body, query string) as an event of the inbox and answers 200 only once it is committed. Any path below /i/<inboxId> is captured too. Unknown and expired inboxes also get 200 (nothing is stored). Served on the ingest origin.
         */
        delete: operations["ingestDelete"];
        options?: never;
        head?: never;
        /**
         * Capture a PATCH request
         * @description Records the request (method, headers in order, raw body, query string) as an event of the inbox and answers 200 only once it is committed. Any path below /i/<inboxId> is captured too. Unknown and expired inboxes also get 200 (nothing is stored). Served on the ingest origin.
         */
        patch: operations["ingestPatch"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description One header as received: [name, value], the name in its original case, the value as the received bytes read as Latin-1 code points. */
        HeaderPair: [
            string,
            string
        ];
        /** @description A capture inbox. */
        Inbox: {
            /**
             * @description Inbox id (inb_ + 26 base32 characters).
             * @example inb_6h2m0s7d3k9q1w4e8r5t2y7u0p
             */
            id: string;
            /** @description Path on the ingest origin, /i/<id>. */
            ingestUrl: string;
            /** @description Full URL to send webhooks to (ingest origin + ingestUrl). */
            url: string;
            /** @description A name given by its user (1 to 100 printable characters), or null. */
            name: string | null;
            /** @description True for a persistent inbox owned by an account. */
            saved: boolean;
            /** @description When an anonymous inbox expires; null for saved inboxes. */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @description When the inbox was created.
             * @example 2026-11-25T10:00:00.000Z
             */
            createdAt: string;
            /** @description Events the inbox holds now (after evictions and deletions). */
            eventCount: number;
            /** @description When the newest event the inbox holds was received; null when it holds none. */
            lastEventAt: string | null;
        };
        /** @description A captured request without headers and body, as lists and the live stream carry it. */
        EventSummary: {
            /** @description Event id (evt_ + 26 characters, time-sortable). */
            id: string;
            /** @description Id of the inbox that captured it. */
            inboxId: string;
            /**
             * Format: date-time
             * @description When the request was captured.
             * @example 2026-11-25T10:00:00.000Z
             */
            receivedAt: string;
            /** @description HTTP method as received. */
            method: string;
            /** @description Path as received, without the query string (/i/<inboxId>/...). */
            path: string;
            /** @description Raw query string without the leading '?'; '' when there was none. */
            query: string;
            /** @description The first Content-Type header, or null. */
            contentType: string | null;
            /** @description Body size in bytes. */
            size: number;
            /** @description The sender's signature as checked when the event was captured. */
            signature: {
                /** @description The inbox's signature scheme when the event arrived (stripe, github, ...); null when no secret was set. */
                scheme: string | null;
                /** @description `valid`: the signature matched the stored secret; `invalid`: it did not (see reason); `unchecked`: nothing to check against. */
                status: "valid" | "invalid" | "unchecked";
                /** @description Why the status is not `valid` (missing or malformed header, mismatch, timestamp outside tolerance, no secret set); null when valid. */
                reason: string | null;
            };
            /** @description Which answer the sender got (the contract's 200 unless the inbox has a programmed response). */
            answer: {
                /** @description Index (from 0) of the inbox's response rule that chose the answer; null for the default answer. */
                rule: number | null;
                /** @description HTTP status the ingest listener answered. */
                status: number;
            };
        };
        /** @description A captured request with everything that was stored. */
        EventDetail: {
            /** @description Event id (evt_ + 26 characters, time-sortable). */
            id: string;
            /** @description Id of the inbox that captured it. */
            inboxId: string;
            /**
             * Format: date-time
             * @description When the request was captured.
             * @example 2026-11-25T10:00:00.000Z
             */
            receivedAt: string;
            /** @description HTTP method as received. */
            method: string;
            /** @description Path as received, without the query string (/i/<inboxId>/...). */
            path: string;
            /** @description Raw query string without the leading '?'; '' when there was none. */
            query: string;
            /** @description The first Content-Type header, or null. */
            contentType: string | null;
            /** @description Body size in bytes. */
            size: number;
            /** @description The sender's signature as checked when the event was captured. */
            signature: {
                /** @description The inbox's signature scheme when the event arrived (stripe, github, ...); null when no secret was set. */
                scheme: string | null;
                /** @description `valid`: the signature matched the stored secret; `invalid`: it did not (see reason); `unchecked`: nothing to check against. */
                status: "valid" | "invalid" | "unchecked";
                /** @description Why the status is not `valid` (missing or malformed header, mismatch, timestamp outside tolerance, no secret set); null when valid. */
                reason: string | null;
            };
            /** @description Which answer the sender got (the contract's 200 unless the inbox has a programmed response). */
            answer: {
                /** @description Index (from 0) of the inbox's response rule that chose the answer; null for the default answer. */
                rule: number | null;
                /** @description HTTP status the ingest listener answered. */
                status: number;
            };
            /** @description Address of the sender. */
            sourceIp: string;
            /** @description Every header in arrival order, duplicates kept; Authorization and Cookie values read [REDACTED]. */
            headers: components["schemas"]["HeaderPair"][];
            /** @description The exact body bytes, base64. */
            bodyBase64: string;
            /** @description The body as UTF-8 text when (and only when) it is valid UTF-8, else null. */
            bodyText: string | null;
            /** @description API path that serves the raw body bytes. */
            bodyUrl: string;
        };
        /** @description One replay attempt and what the destination answered. */
        Replay: {
            /** @description Replay id (rpl_...). */
            id: string;
            eventId: string;
            /** @description The URL the event was sent to. */
            destination: string;
            /**
             * Format: date-time
             * @description When the replay was made.
             * @example 2026-11-25T10:00:00.000Z
             */
            createdAt: string;
            /** @description How the replay ended; only `response` means the destination answered. */
            outcome: "response" | "invalid" | "forbidden" | "unreachable" | "timeout";
            /** @description HTTP status the destination answered; null when it never answered. */
            statusCode: number | null;
            /** @description Dispatch to the last response byte (or the failure), in ms; null when nothing was sent. */
            latencyMs: number | null;
            responseHeaders: components["schemas"]["HeaderPair"][];
            /** @description The destination's body: UTF-8 text or base64, as responseBodyEncoding says. */
            responseBody: string;
            responseBodyEncoding: "utf8" | "base64";
            /** @description True when the body was cut at the server's response size limit. */
            truncated: boolean;
            /** @description Why the replay failed (an error code of the catalogue and a message); null when the destination answered. */
            error: {
                code: string;
                message: string;
            } | null;
        };
        /** @description An API token without its secret. */
        Token: {
            /** @description Token id (tok_...), used to revoke it. */
            id: string;
            /** @description The name given at creation. */
            name: string;
            /** @description First characters of the token, safe to show. */
            prefix: string;
            /**
             * Format: date-time
             * @description When the token was created.
             * @example 2026-11-25T10:00:00.000Z
             */
            createdAt: string;
            /** @description When the token was last used (updated at most once a minute), or null. */
            lastUsedAt: string | null;
            /** @description When the token was revoked, or null. */
            revokedAt: string | null;
        };
        /** @description A new API token, with its secret (shown once). */
        CreatedToken: {
            /** @description Token id (tok_...), used to revoke it. */
            id: string;
            /** @description The name given at creation. */
            name: string;
            /** @description First characters of the token, safe to show. */
            prefix: string;
            /**
             * Format: date-time
             * @description When the token was created.
             * @example 2026-11-25T10:00:00.000Z
             */
            createdAt: string;
            /** @description When the token was last used (updated at most once a minute), or null. */
            lastUsedAt: string | null;
            /** @description When the token was revoked, or null. */
            revokedAt: string | null;
            /** @description The token itself (rhk_...): shown in this answer only. */
            token: string;
        };
        /** @description A read-only sharing link of an inbox, without its token. */
        Share: {
            /** @description Link id (shr_...), used to revoke it. */
            id: string;
            /** @description The inbox it reads. */
            inboxId: string;
            /** @description First characters of its token (rhl_...), safe to show, to tell links apart. */
            prefix: string;
            /**
             * Format: date-time
             * @description When the link was created.
             * @example 2026-11-25T10:00:00.000Z
             */
            createdAt: string;
        };
        /** @description A new sharing link, with its token (shown once). */
        CreatedShare: {
            /** @description Link id (shr_...), used to revoke it. */
            id: string;
            /** @description The inbox it reads. */
            inboxId: string;
            /** @description First characters of its token (rhl_...), safe to show, to tell links apart. */
            prefix: string;
            /**
             * Format: date-time
             * @description When the link was created.
             * @example 2026-11-25T10:00:00.000Z
             */
            createdAt: string;
            /** @description The link's token (rhl_...): shown in this answer only. Send it as X-Rehook-Share (or ?share=). */
            token: string;
            /** @description Path of the web app's page for the link, /s/<token>, on the API origin. */
            path: string;
        };
        /** @description A user account. */
        Account: {
            /** @description Account id (acc_...). */
            id: string;
            /** @description E-mail address, lower-cased. */
            email: string;
            /**
             * Format: date-time
             * @description When the account was created.
             * @example 2026-11-25T10:00:00.000Z
             */
            createdAt: string;
        };
        /** @description The signed-in account of a browser session (the session itself travels in the HttpOnly rehook_session cookie). */
        Session: {
            account: components["schemas"]["Account"];
            /** @description Send it as X-CSRF-Token with every request made with the session cookie other than GET, HEAD and OPTIONS. */
            csrfToken: string;
        };
        /**
         * @description Every error code of the API (docs/errors.md); each operation lists the ones it can answer.
         * @enum {string}
         */
        ErrorCode: "UNAUTHORIZED" | "INVALID_CREDENTIALS" | "VALIDATION_FAILED" | "BAD_REQUEST" | "INVALID_JSON" | "AMBIGUOUS_CREDENTIALS" | "INVALID_DESTINATION" | "DESTINATION_FORBIDDEN" | "CSRF_FAILED" | "SIGNUP_CLOSED" | "SHARE_READ_ONLY" | "NOT_FOUND" | "INBOX_NOT_FOUND" | "EVENT_NOT_FOUND" | "TOKEN_NOT_FOUND" | "SHARE_NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "INBOX_NOT_SAVED" | "REQUEST_TIMEOUT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "HEADERS_TOO_LARGE" | "RATE_LIMITED" | "INTERNAL" | "DESTINATION_UNREACHABLE" | "STORAGE_UNAVAILABLE" | "DESTINATION_TIMEOUT";
        /** @description The body of every error answer. */
        ErrorBody: {
            error: {
                code: components["schemas"]["ErrorCode"];
                /** @description For humans; may change between versions. */
                message: string;
                /** @description On failed replays: the id of the recorded attempt. */
                replayId?: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    listInboxes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inboxes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            inboxes: components["schemas"]["Inbox"][];
                        };
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    createInbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description A name for the inbox: 1 to 100 printable characters (trimmed), or null for none. */
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description The new inbox. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            inbox: components["schemas"]["Inbox"];
                        };
                    };
                };
            };
            /** @description `VALIDATION_FAILED`: Request is invalid. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNSUPPORTED_MEDIA_TYPE`: Content-Type must be application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            inbox: components["schemas"]["Inbox"];
                        };
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    deleteInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. `VALIDATION_FAILED`: Request is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON" | "VALIDATION_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    renameInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name for the inbox: 1 to 100 printable characters (trimmed), or null for none. */
                    name: string | null;
                };
            };
        };
        responses: {
            /** @description The renamed inbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            inbox: components["schemas"]["Inbox"];
                        };
                    };
                };
            };
            /** @description `VALIDATION_FAILED`: Request is invalid. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNSUPPORTED_MEDIA_TYPE`: Content-Type must be application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    saveInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The saved inbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            inbox: components["schemas"]["Inbox"];
                        };
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. `VALIDATION_FAILED`: Request is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON" | "VALIDATION_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Only events older than this event id (the cursor of the Link header). */
                before?: string;
            };
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventSummary"][];
                };
            };
            /** @description `VALIDATION_FAILED`: Request is invalid. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    clearInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. `VALIDATION_FAILED`: Request is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON" | "VALIDATION_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            event: components["schemas"]["EventDetail"];
                        };
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `EVENT_NOT_FOUND`: Event not found. `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "EVENT_NOT_FOUND" | "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    deleteEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. `VALIDATION_FAILED`: Request is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON" | "VALIDATION_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `EVENT_NOT_FOUND`: Event not found. `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "EVENT_NOT_FOUND" | "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getEventBody: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The exact captured bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `EVENT_NOT_FOUND`: Event not found. `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "EVENT_NOT_FOUND" | "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    nextEvent: {
        parameters: {
            query?: {
                /** @description Answer only an event newer than this event id. */
                after?: string;
                /**
                 * @description How long to wait: 500ms, 30s, 2m, or a number of seconds; 0 to 120 s.
                 * @example 30s
                 */
                timeout?: string;
            };
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            event: components["schemas"]["EventDetail"];
                        };
                    };
                };
            };
            /** @description No event within the timeout (or the server is shutting down): poll again. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `VALIDATION_FAILED`: Request is invalid. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description Resume after this event id (the header wins). */
                lastEventId?: string;
            };
            header?: {
                /** @description Resume after this event id (EventSource sends it). */
                "last-event-id"?: string;
            };
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `VALIDATION_FAILED`: Request is invalid. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    replayEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Absolute http or https URL.
                     * @example https://example.com/webhooks
                     */
                    destination: string;
                };
            };
        };
        responses: {
            /** @description The destination answered (any status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            replay: components["schemas"]["Replay"];
                        };
                    };
                };
            };
            /** @description `VALIDATION_FAILED`: Request is invalid. `INVALID_DESTINATION`: Destination must be an absolute http or https URL without credentials. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "INVALID_DESTINATION" | "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON";
                            /** @description For humans; may change between versions. */
                            message: string;
                            /** @description Id of the recorded failed attempt (rpl_...). */
                            replayId?: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `DESTINATION_FORBIDDEN`: Destination is not allowed by the replay policy (private or reserved address). `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "DESTINATION_FORBIDDEN" | "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                            /** @description Id of the recorded failed attempt (rpl_...). */
                            replayId?: string;
                        };
                    };
                };
            };
            /** @description `EVENT_NOT_FOUND`: Event not found. `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "EVENT_NOT_FOUND" | "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNSUPPORTED_MEDIA_TYPE`: Content-Type must be application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `DESTINATION_UNREACHABLE`: Destination could not be reached. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "DESTINATION_UNREACHABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                            /** @description Id of the recorded failed attempt (rpl_...). */
                            replayId?: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `DESTINATION_TIMEOUT`: Destination did not respond in time. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "DESTINATION_TIMEOUT";
                            /** @description For humans; may change between versions. */
                            message: string;
                            /** @description Id of the recorded failed attempt (rpl_...). */
                            replayId?: string;
                        };
                    };
                };
            };
        };
    };
    listReplays: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replays. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            replays: components["schemas"]["Replay"][];
                        };
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `EVENT_NOT_FOUND`: Event not found. `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "EVENT_NOT_FOUND" | "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens, without their secrets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            tokens: components["schemas"]["Token"][];
                        };
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name to recognise the token by (printable characters). */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The new token, with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            token: components["schemas"]["CreatedToken"];
                        };
                    };
                };
            };
            /** @description `VALIDATION_FAILED`: Request is invalid. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNSUPPORTED_MEDIA_TYPE`: Content-Type must be application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Token id (tok_...). */
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. `VALIDATION_FAILED`: Request is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON" | "VALIDATION_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `TOKEN_NOT_FOUND`: Token not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "TOKEN_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    listShares: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            shares: components["schemas"]["Share"][];
                        };
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_SAVED`: Only saved inboxes can be shared: save the inbox first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_SAVED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    createShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new link, with its token. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            share: components["schemas"]["CreatedShare"];
                        };
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. `VALIDATION_FAILED`: Request is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON" | "VALIDATION_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_SAVED`: Only saved inboxes can be shared: save the inbox first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_SAVED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    revokeShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: string;
                /** @description Link id (shr_...). */
                shareId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. `VALIDATION_FAILED`: Request is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON" | "VALIDATION_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INBOX_NOT_SAVED`: Only saved inboxes can be shared: save the inbox first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INBOX_NOT_SAVED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    resolveShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The link's token (rhl_...). */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            inbox: components["schemas"]["Inbox"];
                        };
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description E-mail address (case does not matter). */
                    email: string;
                    /** @description At least 8 characters. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The account, signed in (the cookie is set). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Session"];
                    };
                };
            };
            /** @description `VALIDATION_FAILED`: Request is invalid. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SIGNUP_CLOSED`: Sign-up is closed on this server; ask its operator for an account. `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SIGNUP_CLOSED" | "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `CONFLICT`: Resource already exists. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "CONFLICT";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNSUPPORTED_MEDIA_TYPE`: Content-Type must be application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description E-mail address (case does not matter). */
                    email: string;
                    /** @description The account's password. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Signed in (the cookie is set). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Session"];
                    };
                };
            };
            /** @description `VALIDATION_FAILED`: Request is invalid. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INVALID_CREDENTIALS`: E-mail address or password is wrong. `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INVALID_CREDENTIALS" | "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNSUPPORTED_MEDIA_TYPE`: Content-Type must be application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Session"];
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. `VALIDATION_FAILED`: Request is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON" | "VALIDATION_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every session ended. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_JSON`: Request body is not valid JSON. `VALIDATION_FAILED`: Request is invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS" | "INVALID_JSON" | "VALIDATION_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY" | "CSRF_FAILED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                    };
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    webAppHome: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The web app (index.html); the app renders the page for this path. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    webAppInboxesInboxId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The web app (index.html); the app renders the page for this path. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    webAppInboxesInboxIdEventsEventId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inboxId: string;
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The web app (index.html); the app renders the page for this path. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    webAppSignin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The web app (index.html); the app renders the page for this path. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    webAppSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The web app (index.html); the app renders the page for this path. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    webAppDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The web app (index.html); the app renders the page for this path. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    webAppSettingsTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The web app (index.html); the app renders the page for this path. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    webAppSShareToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                shareToken: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The web app (index.html); the app renders the page for this path. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    webAppAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description File name, e.g. index-4f3a2b1c.js. */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "AMBIGUOUS_CREDENTIALS";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `UNAUTHORIZED`: API token is missing or invalid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "UNAUTHORIZED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "SHARE_READ_ONLY";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `NOT_FOUND`: Route not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "NOT_FOUND" | "SHARE_NOT_FOUND";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `INTERNAL`: Internal server error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "INTERNAL";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    ingestGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stored (or the inbox is unknown or expired). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    ingestPut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Stored (or the inbox is unknown or expired). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    ingestPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Stored (or the inbox is unknown or expired). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    ingestDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stored (or the inbox is unknown or expired). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
    ingestPatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inboxId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "*/*": string;
            };
        };
        responses: {
            /** @description Stored (or the inbox is unknown or expired). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "PAYLOAD_TOO_LARGE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `RATE_LIMITED`: Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "RATE_LIMITED";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
            /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "STORAGE_UNAVAILABLE";
                            /** @description For humans; may change between versions. */
                            message: string;
                        };
                    };
                };
            };
        };
    };
}
