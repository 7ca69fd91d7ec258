// GENERATED from openapi.json by `npm run docs:write` (openapi-typescript): do not edit.
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
         * @description Without a token: an anonymous inbox that expires after REHOOK_ANON_TTL (48 h). With a token: a persistent inbox owned by the account. The body is optional: `{"name": "..."}` names the inbox; no body, an empty one, or `{}` makes an inbox without a name. `{"teamId": "tem_..."}` (with a token) makes a team's inbox: members, admins and owners of the team may (a viewer gets 403 FORBIDDEN). A token limited to a team makes that team's inboxes.
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
    "/api/v1/inboxes/{inboxId}/owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a saved inbox between the account and the account's teams
         * @description `{"teamId": "tem_..."}` gives the inbox to that team, `{"account": "me"}` to the calling account. Its events, replays and settings go with it. The caller must manage the inbox (its account, or an admin or owner of its team) and be admin or owner of the team it goes to (403 FORBIDDEN naming the role otherwise). An anonymous inbox answers 409 INBOX_NOT_SAVED.
         */
        put: operations["moveInbox"];
        post?: never;
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
         * @description A bare JSON array, newest first. When older events remain, the `Link` header carries the next page: `</api/v1/inboxes/<id>/events?limit=50&before=evt_...>; rel="next"`. The filters (`method`, `path`, `header`, `q`, `json`, `since`, `until`; docs/search.md) combine with each other and with the pagination, and the `Link` keeps them. A filtered page examines at most 100,000 events and searches for at most about 100 ms (REHOOK_SEARCH_TIME_BUDGET): it may hold fewer than `limit` events (even none) while a `Link` still leads on; follow it until there is none. A page that found nothing when its time ran out is refused with 422 SEARCH_TOO_BROAD: narrow the filter (a `since`/`until` range, a more specific value).
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
    "/api/v1/events/{eventId}/meta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One captured event without its body
         * @description Everything of `GET /api/v1/events/<id>` except `bodyBase64` and `bodyText`; `bodyUrl` serves the body bytes. For clients that show big bodies: the bytes travel once, not twice inside JSON.
         */
        get: operations["getEventMeta"];
        put?: never;
        post?: never;
        delete?: never;
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
    "/api/v1/events/{eventId}/curl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A curl command that sends the captured request again, byte for byte
         * @description The command targets the public ingest URL of the event (REHOOK_PUBLIC_INGEST_URL) and reproduces the method, path, raw query, headers (in order, duplicates kept) and exact body, binary bodies included. Redacted headers (Authorization, Cookie) are left out and named in `omittedHeaders`. With `Accept: text/plain` the answer is the command alone (plus a newline), ready for `| sh`.
         */
        get: operations["getEventCurl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export an inbox's events as HAR 1.2 or NDJSON (streamed)
         * @description Oldest first, up to the newest event stored when the export starts; the same filters as the event list. `format=har` (default): a HAR 1.2 document (browser dev tools, Insomnia, Postman), binary bodies base64 with `encoding`. `format=ndjson`: one event per line, each the `EventDetail` of `GET /api/v1/events/<id>`. Streamed as it is read, so any size fits; served as an attachment. An export cut off by an error (the inbox deleted meanwhile) ends without its closing bytes.
         */
        get: operations["exportInbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What differs between two events
         * @description From the event in the path (the first) to `against` (the second), in any inboxes the caller may read (a sharing link reads only its own inbox's events): method and path as `{from, to}` when they differ, query parameters and headers as `added`, `removed` and `changed`, and the body as RFC 6902 operations when both bodies are JSON (applied to the first body they give the second; big numbers are written exactly), a line diff when both are text, else whether the bytes are equal and their sizes. Bodies above 2 MiB, line diffs of more than 5000 edits and body diffs that take more than 1000 ms are only compared byte for byte (`kind` `binary`, `reason` `too-large`). Limited per client address (REHOOK_RATE_DIFF).
         */
        get: operations["diffEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}/previous-of-type": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The previous event of the same type
         * @description The newest older event of the same inbox with the same learned event type (docs/insight.md), to compare with. While the event has no type (learned in the background a moment after capture) or none (not JSON), the previous one with the same method and exact path; `matchedBy` says which. Looks at the 10,000 events before it at most.
         */
        get: operations["previousEventOfType"];
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
         * Re-send an event to a destination, as captured or edited, once or several times
         * @description The server sends the stored method, headers (without hop-by-hop and redacted ones) and exact body bytes to `destination` and answers what it replied. A 4xx or 5xx of the destination is a normal result. Redirects are not followed. Loopback, private and reserved addresses are refused unless the server allows them. Failed attempts are recorded too; their error carries `replayId`.
         *
         *     Edit-and-replay (docs/replay.md): `method`, `path` (appended to the destination's path), `query` (replaces the destination's query), `headers` (`remove`, then `set`), and `body` or `bodyBase64` change what is sent; `resign` recomputes the inbox's signature headers over the edited request with a fresh timestamp (over an edited body or headers: admins and owners, with a manage token; decision 59). Every replay records what it sent (`request`).
         *
         *     `repeat` (1-100) sends it that many times, one after the other, and answers `data.replays` (each result, unreachable and timed-out attempts included) with `data.summary`; without `repeat` the answer is `data.replay` as always.
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
    "/api/v1/inboxes/{inboxId}/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay many of an inbox's events to a destination (a bulk replay job)
         * @description Needs an account: the owner for an owned inbox, any account for an anonymous one (as replaying one event). The events are chosen now (events captured later are not included) and replayed oldest first at `ratePerSecond` with `concurrency` sends in flight, each recorded in its event's replay history. The job runs in the background and survives restarts of the server; follow it with `GET /api/v1/replay-jobs/{jobId}`. Delivery is at least once: a send in flight when a server dies is sent again when the job resumes.
         */
        post: operations["createReplayJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/replay-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bulk replay jobs of an inbox, newest first (at most 100)
         * @description Of an anonymous inbox: only the caller's own jobs. Of an owned inbox: the owner sees all.
         */
        get: operations["listReplayJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/replay-jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bulk replay job: state, counts, progress and a page of its results
         * @description The account that created the job, or the owner of its (owned) inbox; anyone else gets 404 REPLAY_JOB_NOT_FOUND. Results come in replay order, 100 at a time by default.
         */
        get: operations["getReplayJob"];
        put?: never;
        post?: never;
        /**
         * Cancel a bulk replay job
         * @description The account that created the job, or the owner of its (owned) inbox; anyone else gets 404 REPLAY_JOB_NOT_FOUND. Nothing more is sent once the instance running it sees the cancellation (at once, through the live bus); a send already in flight finishes and is recorded. Idempotent: a job that already ended (completed, failed or cancelled) stays as it is. Answers the job as it is afterwards.
         */
        delete: operations["cancelReplayJob"];
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
    "/api/v1/inboxes/{inboxId}/signature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The inbox's signature settings (never the secret)
         * @description Only the owner of a saved inbox (its token or session); an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404 INBOX_NOT_FOUND, a sharing link 403 SHARE_READ_ONLY. `signature` is null while no secret is set.
         */
        get: operations["getSignatureSettings"];
        /**
         * Set the secret the inbox checks its senders' signatures with
         * @description Only the owner of a saved inbox (its token or session); an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404 INBOX_NOT_FOUND, a sharing link 403 SHARE_READ_ONLY. Replaces any earlier settings. From then on every captured event carries `signature: {scheme, status, reason}`, checked before it is stored against the capture time; replays with `resign: true` and `POST /api/v1/events/<id>/resign` sign with it. The secret is encrypted with the server key and never returned. Takes effect at once on the instance that stored it, within 1 s on others.
         */
        put: operations["setSignatureSettings"];
        post?: never;
        /**
         * Remove the inbox's signature secret
         * @description Only the owner of a saved inbox (its token or session); an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404 INBOX_NOT_FOUND, a sharing link 403 SHARE_READ_ONLY. Events captured from then on are `unchecked`; earlier events keep their result. 204 also when none was set.
         */
        delete: operations["removeSignatureSettings"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}/resign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A fresh signature of an event, for delivering it now
         * @description The signature headers a sender using the inbox's scheme and secret would send with the event's exact body now (`rehook listen --resign` sets them on local deliveries). Only the owner of the event's inbox; an event of an anonymous inbox, or of an inbox without a secret, answers 409 SIGNATURE_NOT_SET. The request body is ignored.
         */
        post: operations["resignEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/response": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The inbox's response
         * @description Same access as renaming or deleting the inbox: an owned inbox only by its owner; an anonymous inbox by anyone who holds its id (who can already send it requests). Sharing links are refused. `response` is null while the inbox answers the contract's `200 {"ok":true}`.
         */
        get: operations["getInboxResponse"];
        /**
         * Program what the inbox answers its senders
         * @description Same access as renaming or deleting the inbox: an owned inbox only by its owner; an anonymous inbox by anyone who holds its id (who can already send it requests). Sharing links are refused. Replaces the whole response: the default answer (top-level status, headers, body or bodyBase64, delayMs) and ordered rules, each a match (method, pathPrefix below the inbox, header name with an optional value) and its own answer; the first rule that matches a request gives its answer. The event is stored before the delay starts, and records which answer was sent (`answer.rule`, `answer.status`). Takes effect at once on the instance that stored it, within 1 s on others. Request body at most 1048576 bytes.
         */
        put: operations["setInboxResponse"];
        post?: never;
        /**
         * Restore the contract's answer
         * @description Same access as renaming or deleting the inbox: an owned inbox only by its owner; an anonymous inbox by anyone who holds its id (who can already send it requests). Sharing links are refused. The inbox answers `200 {"ok":true}` again (also when it had no response).
         */
        delete: operations["clearInboxResponse"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/responses/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a response would answer a captured event
         * @description Same access as renaming or deleting the inbox: an owned inbox only by its owner; an anonymous inbox by anyone who holds its id (who can already send it requests). Sharing links are refused. Renders `response` (as PUT takes it; nothing is saved) against event `eventId` of this inbox as the ingest listener would have: the first rule that matches, its templates, and the default answer when they fail to render. Rules that match a redacted header value (Authorization, Cookie) see the redacted value here. A template that does not parse is 400 VALIDATION_FAILED with its line and column.
         */
        post: operations["previewInboxResponse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/forwarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An inbox's automatic forwarding
         * @description Only the owner of a saved inbox (its token or session): forwarding makes the server send requests, so an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404, a sharing link 403 SHARE_READ_ONLY. `forwarding` is null while none is set.
         */
        get: operations["getForwarding"];
        /**
         * Set an inbox's automatic forwarding
         * @description Only the owner of a saved inbox (its token or session): forwarding makes the server send requests, so an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404, a sharing link 403 SHARE_READ_ONLY. Every event stored from now on is delivered to `destination` at least once, in the background: method, headers (without hop-by-hop and redacted ones; Host is the destination's; X-Rehook-Event-Id and X-Rehook-Delivery-Attempt are added) and the exact body bytes. A 2xx answer delivers it; any other status, a network error or a timeout is retried with exponential backoff until `maxAttempts` run out (then `failed`). Replaces the whole setting (fields left out get their defaults); deliveries already queued use the new one.
         */
        put: operations["setForwarding"];
        post?: never;
        /**
         * Remove an inbox's automatic forwarding
         * @description Only the owner of a saved inbox (its token or session): forwarding makes the server send requests, so an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404, a sharing link 403 SHARE_READ_ONLY. New events are no longer delivered, and the deliveries not finished yet are cancelled (an attempt being sent right now still ends and is recorded). To stop for a while without losing them, set `enabled: false` instead. 404 FORWARDING_NOT_FOUND when none is set.
         */
        delete: operations["removeForwarding"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An event's deliveries to its inbox's forwarding destination, with every attempt
         * @description Only the owner of the saved inbox. Empty when the event was stored while no forwarding was set (or it was paused). Each attempt has its time, URL, outcome, status, latency and error.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{eventId}/deliveries/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again
         * @description Only the owner of the saved inbox. Queues the event's delivery for a new round of attempts, due at once: a failed, cancelled or delivered one is reopened, and an event stored before forwarding was set gets one. 409 DELIVERY_IN_PROGRESS while it is pending or being sent; 404 FORWARDING_NOT_FOUND when the inbox has no forwarding. The request body is ignored.
         */
        post: operations["retryDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The inbox's event types, with counts and first/last seen
         * @description Most recently seen first. Types are learned in the background shortly after capture (docs/insight.md), so a new event appears here a moment after it was stored.
         */
        get: operations["listEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/event-types/{eventType}/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The schema inferred from every captured body of an event type
         * @description `format=json` (default): JSON Schema 2020-12 in `document`; `typescript`: TypeScript declarations, `zod`: a Zod schema, as source text in `document`. Kept up to date incrementally by the background worker.
         */
        get: operations["getEventTypeSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/event-types/{eventType}/schema/rebuild": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Learn an event type's schema again
         * @description Queues the rebuild and answers 202 at once: the background worker forgets what it learned and reads the events the inbox holds again, in capture order (drift is checked again, and drift alerts are sent again). Not with a sharing link; a token needs the manage scope, and a team member the member role or above (viewers get 403 FORBIDDEN).
         */
        post: operations["rebuildEventTypeSchema"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/event-types/rebuild": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Learn every event type of the inbox again
         * @description Queues the rebuild and answers 202 at once: the background worker forgets what it learned and reads the events the inbox holds again, in capture order (drift is checked again, and drift alerts are sent again). Not with a sharing link; a token needs the manage scope, and a team member the member role or above (viewers get 403 FORBIDDEN).
         */
        post: operations["rebuildEventTypes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/event-type-rule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The inbox's own event type rule
         * @description Only the owner of a saved inbox; an anonymous inbox answers 409 INBOX_NOT_SAVED, a sharing link 403 SHARE_READ_ONLY. `rule` is null while the built-in detection applies.
         */
        get: operations["getEventTypeRule"];
        /**
         * Set how the inbox's events get their type
         * @description Only the owner of a saved inbox; an anonymous inbox answers 409 INBOX_NOT_SAVED, a sharing link 403 SHARE_READ_ONLY. `{"header":"X-Event-Name"}` or `{"pointer":"/meta/kind"}`; where the rule finds no value the built-in detection applies. Every type of the inbox is learned again in the background.
         */
        put: operations["setEventTypeRule"];
        post?: never;
        /**
         * Remove the inbox's own event type rule
         * @description Only the owner of a saved inbox; an anonymous inbox answers 409 INBOX_NOT_SAVED, a sharing link 403 SHARE_READ_ONLY. The built-in detection applies again; every type is learned again.
         */
        delete: operations["removeEventTypeRule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/event-type-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How the inbox learns its event types: the minimum of samples for drift
         * @description Only the owner of a saved inbox; an anonymous inbox answers 409 INBOX_NOT_SAVED, a sharing link 403 SHARE_READ_ONLY. `isDefault` is true while the inbox has not set its own.
         */
        get: operations["getEventTypeSettings"];
        /**
         * Set the minimum of samples before drift is judged
         * @description Only the owner of a saved inbox; an anonymous inbox answers 409 INBOX_NOT_SAVED, a sharing link 403 SHARE_READ_ONLY. `{"minSamples": 100}` (1 to 10000). Every type of the inbox is learned again in the background, so the drift marks already recorded follow the new minimum.
         */
        put: operations["setEventTypeSettings"];
        post?: never;
        /**
         * Go back to the default minimum of samples
         * @description Only the owner of a saved inbox; an anonymous inbox answers 409 INBOX_NOT_SAVED, a sharing link 403 SHARE_READ_ONLY. When the inbox had its own, every type is learned again.
         */
        delete: operations["resetEventTypeSettings"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An inbox's alert rules
         * @description Only the owner of a saved inbox (its token or session): alerts make the server send requests, so an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404, a sharing link 403 SHARE_READ_ONLY. Empty when none are set.
         */
        get: operations["getAlerts"];
        /**
         * Replace an inbox's alert rules
         * @description Only the owner of a saved inbox (its token or session): alerts make the server send requests, so an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404, a sharing link 403 SHARE_READ_ONLY. Replaces every rule. A notification is a POST of JSON (or Slack's `{"text"}`) to the rule's URL, delivered in the background like forwarding: retried with backoff, each attempt recorded (GET .../alerts/deliveries). A bad filter answers 400 VALIDATION_FAILED with the search parser's message; a URL the SSRF policy refuses, 400 INVALID_DESTINATION.
         */
        put: operations["setAlerts"];
        post?: never;
        /**
         * Remove an inbox's alert rules
         * @description Only the owner of a saved inbox (its token or session): alerts make the server send requests, so an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404, a sharing link 403 SHARE_READ_ONLY. Removes every rule and cancels the notifications not sent yet (one being sent right now still ends and is recorded). Idempotent: 0 cancelled when none were set.
         */
        delete: operations["removeAlerts"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inboxes/{inboxId}/alerts/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An inbox's recent alert notifications, with every attempt
         * @description Only the owner of a saved inbox (its token or session): alerts make the server send requests, so an anonymous inbox answers 409 INBOX_NOT_SAVED (save it first), another account's 404, a sharing link 403 SHARE_READ_ONLY. The newest 50, newest first: what was sent, to where, and how each attempt ended.
         */
        get: operations["listAlertDeliveries"];
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
         * @description `{"data":{"account":null}}` without a valid session cookie (an API token is not a session); 401 only for an Authorization header that is invalid.
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
    "/api/v1/auth/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How people sign in to this server: password, sign-up, single sign-on
         * @description The sign-in page asks it before it draws its form and buttons.
         */
        get: operations["getSignInMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start signing in with the OpenID Connect provider (open it in the browser)
         * @description Redirects to the provider with the authorization code flow (PKCE S256, state and nonce), and sets a short cookie (rehook_sso, 10 minutes, HttpOnly) that the callback checks the answer against. A browser (Accept: text/html) is sent to `/signin?error=<code>` with 303 instead of a JSON error, so the sign-in page can say what went wrong.
         */
        get: operations["startSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/single-sign-on": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the account is linked to the server's single sign-on provider
         * @description Settings shows it, with the button that links the account (POST .../link).
         */
        get: operations["getSingleSignOnLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/single-sign-on/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start linking the signed-in account to the single sign-on provider
         * @description The explicit step that replaces linking by e-mail address (docs/sso.md): a browser session (with X-CSRF-Token) asks, gets the provider URL to open, and sets the same short flow cookie as a sign-in, marked with this account and session. The provider's answer (the callback) then links its identity to this account, only in this session, and sends the browser to /settings; a refusal goes to `/settings?error=<code>`. An account is linked to one subject of the provider, and a subject to one account.
         */
        post: operations["startSingleSignOnLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the OpenID Connect provider sends the browser back
         * @description Checks that `state` is the one this browser started with, exchanges the code (with the PKCE verifier), verifies the ID token (the provider's keys, issuer, audience, expiry, nonce), then signs in to the account linked to the provider's subject, or a new one (no password) when no account has the verified e-mail address (409 SSO_ACCOUNT_EXISTS when one has: it is never linked by e-mail). A link started in Settings links the identity to the account of the session that started it instead. Counts against REHOOK_RATE_SIGNIN. A browser (Accept: text/html) is sent to `/signin?error=<code>` with 303 instead of a JSON error, so the sign-in page can say what went wrong.
         */
        get: operations["finishSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account of the caller, and the API token it used
         * @description `token` is null with a session. Any scope may ask (`rehook login` checks a token with it).
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        /**
         * Delete the account, with the password (or, without one, the e-mail address)
         * @description Deletes the account's inboxes (with their events, replays, sharing links and settings), its API tokens, its sessions and its team memberships, then the account; the cookie is cleared. 409 CONFLICT while the account is the only owner of a team. The password check counts against the sign-in limits (REHOOK_RATE_SIGNIN per address, REHOOK_RATE_SIGNIN_PER_EMAIL for failed checks), like a sign-in.
         */
        delete: operations["deleteAccount"];
        options?: never;
        head?: never;
        /**
         * Change the account's e-mail address or display name
         * @description Fields left out stay as they are; a `displayName` of null or blank removes it. A new `email` needs `currentPassword` (an account with a password; the check counts like a sign-in), or, for an account without one (single sign-on), a browser session signed in at most 10 minutes ago. An address at a domain single sign-on manages (REHOOK_OIDC_ALLOWED_DOMAINS) is refused.
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/api/v1/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password, with the current one
         * @description Every other session of the account is signed out (the browser that asked stays signed in; with an API token, every session ends). API tokens keep working. The password check counts against the sign-in limits (REHOOK_RATE_SIGNIN per address, REHOOK_RATE_SIGNIN_PER_EMAIL for failed checks), like a sign-in.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every browser signed in to the account, most recently used first */
        get: operations["listAccountSessions"];
        put?: never;
        post?: never;
        /**
         * Sign out every other browser of the account
         * @description The session making the request stays signed in; with an API token, every session ends.
         */
        delete: operations["endOtherAccountSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/sessions/{sessionId}": {
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
         * Sign one browser of the account out
         * @description It stops working at once, open live streams included. Signing out the current one clears its cookie.
         */
        delete: operations["endAccountSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's teams, with its role in each, by name */
        get: operations["listTeams"];
        put?: never;
        /** Create a team (the caller is its owner) */
        post: operations["createTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team, with the caller's role in it
         * @description Members of the team only; anyone else gets 404 TEAM_NOT_FOUND.
         */
        get: operations["getTeam"];
        put?: never;
        post?: never;
        /**
         * Delete a team with its inboxes (owners only)
         * @description Members of the team only; anyone else gets 404 TEAM_NOT_FOUND. The team's inboxes are deleted with their events, replays and settings; its members and invitations go. Admins, members and viewers get 403 FORBIDDEN.
         */
        delete: operations["deleteTeam"];
        options?: never;
        head?: never;
        /**
         * Rename a team (admins and owners)
         * @description Members of the team only; anyone else gets 404 TEAM_NOT_FOUND. Members and viewers get 403 FORBIDDEN.
         */
        patch: operations["renameTeam"];
        trace?: never;
    };
    "/api/v1/teams/{teamId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The members of a team with their roles, in the order they joined
         * @description Members of the team only; anyone else gets 404 TEAM_NOT_FOUND.
         */
        get: operations["listTeamMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{teamId}/members/{accountId}": {
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
         * Remove a member, or leave the team (your own account id)
         * @description Members of the team only; anyone else gets 404 TEAM_NOT_FOUND. Anyone may leave; removing someone else takes an admin (members below owner) or an owner. The last owner cannot leave: 409 LAST_OWNER. The team keeps its inboxes. A removed member loses access at once, on every instance; its open live streams of the team's inboxes end.
         */
        delete: operations["removeTeamMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Members of the team only; anyone else gets 404 TEAM_NOT_FOUND. Owners set any role; admins manage members below owner (403 FORBIDDEN for making or changing an owner); members and viewers get 403 FORBIDDEN. Demoting the last owner is 409 LAST_OWNER. The member gets the new role at once, on every instance.
         */
        patch: operations["changeTeamMemberRole"];
        trace?: never;
    };
    "/api/v1/teams/{teamId}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's unused invitation links, newest first (without tokens)
         * @description Members of the team only; anyone else gets 404 TEAM_NOT_FOUND. Admins and owners; expired links are listed until revoked.
         */
        get: operations["listTeamInvitations"];
        put?: never;
        /**
         * Create an invitation link to join the team with a role
         * @description Members of the team only; anyone else gets 404 TEAM_NOT_FOUND. Admins and owners; never for a role above one's own (403 FORBIDDEN). The answer carries the link's token and the path of its page, /join/<token>, shown this once (only a hash is stored). The link works once, until it expires (`expiresInHours`, default 168: 7 days) or is revoked.
         */
        post: operations["createTeamInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{teamId}/invitations/{invitationId}": {
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
         * Revoke an invitation link
         * @description Members of the team only; anyone else gets 404 TEAM_NOT_FOUND. Admins and owners. The link stops working at once.
         */
        delete: operations["revokeTeamInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an invitation link offers, before joining
         * @description The team's id and name, the role and the maker's e-mail of a link, for the invited account to decide before joining; nothing is used up. Signed-in accounts only. 404 INVITATION_NOT_FOUND exactly when accepting would be (unknown, expired, used or revoked, or its maker may no longer invite at its role). Limited per client address with accepting (REHOOK_RATE_SIGNIN).
         */
        get: operations["getTeamInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join a team with an invitation link
         * @description The calling account joins the team with the role of the invitation, and the link is used up (an account that is a member already keeps its role). An expired, used, revoked or unknown link is 404 INVITATION_NOT_FOUND. Limited per client address like sign-in (REHOOK_RATE_SIGNIN). The body is ignored.
         */
        post: operations["acceptTeamInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own audit log
         * @description What this account did (sign-ins, tokens, secrets, forwarding, links, teams, inboxes, replays), and sign-in attempts made with its e-mail. Newest first. When older entries remain, the `Link` header carries the next page (`<...?limit=50&before=aud_...>; rel="next"`) and `data.nextBefore` its cursor; the filters stay in it. Never holds a secret, token or body.
         */
        get: operations["listAccountAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{teamId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team's audit log (owners and admins)
         * @description What was done to the team (members, invitations) and to its inboxes, by anyone. Members and viewers get 403 FORBIDDEN naming their role; non-members 404 TEAM_NOT_FOUND. A token limited to the team reads it too (with the manage scope, as an owner or admin). Newest first. When older entries remain, the `Link` header carries the next page (`<...?limit=50&before=aud_...>; rel="next"`) and `data.nextBefore` its cursor; the filters stay in it.
         */
        get: operations["listTeamAudit"];
        put?: never;
        post?: never;
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
    "/inboxes/{inboxId}/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /inboxes/:inboxId/types
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppInboxesInboxIdTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inboxes/{inboxId}/types/{eventType}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /inboxes/:inboxId/types/:eventType
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppInboxesInboxIdTypesEventType"];
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
    "/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /settings
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppSettings"];
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
    "/settings/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /settings/audit
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppSettingsAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /tokens
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppTokens"];
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
    "/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /teams
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppTeams"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /teams/:teamId
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppTeamsTeamId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{teamId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /teams/:teamId/audit
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppTeamsTeamIdAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/join/{invitationToken}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web app page /join/:invitationToken
         * @description Not an API call: the single-page web app, for browsers. Served with a strict Content-Security-Policy, `Referrer-Policy: no-referrer` and `Cache-Control: no-cache`.
         */
        get: operations["webAppJoinInvitationToken"];
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
            /** @description True for a persistent inbox owned by an account or a team. */
            saved: boolean;
            /** @description The team that owns the inbox (tem_...), or null when it is not a team inbox. */
            teamId: string | null;
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
            /** @description The caller's role: its team role for a team's inbox, owner for the account's own inbox, null for an anonymous inbox (whoever holds its id may do everything) or a sharing link. */
            role: components["schemas"]["TeamRole"] | null;
            /** @description What the caller's role allows on this inbox, by the same rule the API enforces (docs/teams.md). An API token's scope may narrow it further, route by route. */
            permissions: {
                /** @description Read the inbox, its events, replays and settings. */
                read: boolean;
                /** @description Replay (single, bulk, edited) and change response rules. */
                replay: boolean;
                /** @description Rename, delete, clear, delete events, share, move, and change secrets, forwarding, alerts and rules. */
                manage: boolean;
            };
        };
        DriftDifference: {
            /** @description What differs. */
            kind: "new-property" | "missing-property" | "type-changed" | "new-enum-value";
            /** @description JSON pointer of the place in the body ('' = the body itself). */
            path: string;
            /** @description type-changed: the JSON types seen there before. */
            expected?: ("null" | "boolean" | "integer" | "number" | "string" | "object" | "array")[];
            /** @description type-changed: the JSON type this body has there. */
            actual?: "null" | "boolean" | "integer" | "number" | "string" | "object" | "array";
            /** @description new-enum-value: the new value. */
            value?: string;
        };
        /** @description The sender's signature as checked when the event was captured. */
        EventSignature: {
            /** @description The inbox's signature scheme when the event arrived (stripe, github, ...); null when no secret was set. */
            scheme: string | null;
            /** @description `valid`: the signature matched the stored secret; `invalid`: it did not (see reason); `unchecked`: nothing to check against. */
            status: "valid" | "invalid" | "unchecked";
            /** @description Why the status is not `valid` (missing or malformed header, mismatch, timestamp outside tolerance, no secret set); null when valid. */
            reason: string | null;
        };
        /** @description Which answer the sender got (the contract's 200 unless the inbox has a response of its own). */
        EventAnswer: {
            /** @description Index (from 0) of the inbox's response rule that chose the answer; null for the default answer. */
            rule: number | null;
            /** @description HTTP status the ingest listener answered. */
            status: number;
            /** @description Only when a templated answer failed to render: which one and why. The inbox's default answer was sent instead (the contract's 200 when the default itself failed); `rule` and `status` say what was sent. */
            error?: string;
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
            signature: components["schemas"]["EventSignature"];
            answer: components["schemas"]["EventAnswer"];
            /** @description The event type (docs/insight.md), set by the background worker shortly after capture; null until then, and for bodies that are not JSON. */
            eventType: string | null;
            /** @description How the body differs from the schema learned from the earlier events of its type; null when it fits, for the first event of a type, and until the worker has read it. */
            drift: components["schemas"]["DriftDifference"][] | null;
        };
        /** @description A captured request with everything that was stored. */
        EventDetail: {
            /** @description Event id (evt_ + 26 characters, time-sortable). */
            id: string;
            /** @description Id of the inbox that captured it. */
            inboxId: string;
            receivedAt: components["schemas"]["EventSummary"]["receivedAt"];
            /** @description HTTP method as received. */
            method: string;
            /** @description Path as received, without the query string (/i/<inboxId>/...). */
            path: string;
            /** @description Raw query string without the leading '?'; '' when there was none. */
            query: string;
            contentType: components["schemas"]["EventSummary"]["contentType"];
            /** @description Body size in bytes. */
            size: number;
            signature: components["schemas"]["EventSignature"];
            answer: components["schemas"]["EventAnswer"];
            eventType: components["schemas"]["EventSummary"]["eventType"];
            drift: components["schemas"]["EventSummary"]["drift"];
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
        /** @description A captured request with everything that was stored except its body, which bodyUrl serves as bytes. */
        EventMeta: {
            /** @description Event id (evt_ + 26 characters, time-sortable). */
            id: string;
            /** @description Id of the inbox that captured it. */
            inboxId: string;
            receivedAt: components["schemas"]["EventSummary"]["receivedAt"];
            /** @description HTTP method as received. */
            method: string;
            /** @description Path as received, without the query string (/i/<inboxId>/...). */
            path: string;
            /** @description Raw query string without the leading '?'; '' when there was none. */
            query: string;
            contentType: components["schemas"]["EventSummary"]["contentType"];
            /** @description Body size in bytes. */
            size: number;
            signature: components["schemas"]["EventSignature"];
            answer: components["schemas"]["EventAnswer"];
            eventType: components["schemas"]["EventSummary"]["eventType"];
            drift: components["schemas"]["EventSummary"]["drift"];
            /** @description Address of the sender. */
            sourceIp: string;
            headers: components["schemas"]["EventDetail"]["headers"];
            /** @description API path that serves the raw body bytes. */
            bodyUrl: string;
        };
        /** @description The request a replay sent, to compare with the original event. */
        ReplayRequest: {
            /** @description The method sent. */
            method: string;
            /** @description The URL dialled: the destination with the path and query overrides applied. */
            url: string;
            /** @description The headers sent, in order (Host and Content-Length are added by the connection); Authorization and Cookie values read [REDACTED]. */
            headers: components["schemas"]["HeaderPair"][];
            /** @description The body sent when it was edited (UTF-8 text or base64, as bodyEncoding says); null when the event's own body was sent unchanged (see the event's bodyUrl). */
            body: string | null;
            /** @description How `body` is written; null when `body` is null. */
            bodyEncoding: ("utf8" | "base64") | null;
            /** @description Size of the body sent, in bytes. */
            bodySize: number;
            /** @description True when an edited body was left out of this list to keep the answer bounded (at most 32 MiB of edited bodies per list, newest first); `body` is then null. */
            bodyOmitted: boolean;
            /** @description True when anything differed from the event (an override was given). */
            edited: boolean;
            /** @description What the caller asked to change; null for a verbatim replay. */
            overrides: {
                method?: string;
                /** @description Appended to the destination's path. */
                path?: string;
                /** @description Replaced the destination's query. */
                query?: string;
                setHeaders?: components["schemas"]["HeaderPair"][];
                removeHeaders?: string[];
                /** @description True when the body was replaced (the bytes are in `body`). */
                body?: boolean;
            } | null;
            /** @description True when the signature headers were recomputed with the inbox's secret (`resign`). */
            resigned: boolean;
        };
        /** @description One replay attempt and what the destination answered. */
        Replay: {
            /** @description Replay id (rpl_...). */
            id: string;
            eventId: string;
            /** @description The account that replayed (acc_...): on a team's inbox, the member (see the team's members). */
            accountId: string;
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
            /** @description What was sent; null for replays made before this was recorded and when the destination was invalid (nothing was sent). */
            request: components["schemas"]["ReplayRequest"] | null;
            /** @description The bulk replay job that made this replay; null for a replay of its own. */
            jobId: string | null;
        };
        /** @description Totals of a repeated replay (`repeat`). */
        ReplaySummary: {
            /** @description Replays asked for (repeat). */
            requested: number;
            /** @description Attempts made: requested, or fewer when the run stopped early (see stopped). */
            attempts: number;
            /** @description Attempts the destination answered (any status). */
            responses: number;
            /** @description Attempts that got no answer (unreachable, timeout, refused). */
            failures: number;
            /** @description Answers by status code, e.g. {"200": 9, "503": 1}. */
            statusCodes: {
                [key: string]: number;
            };
            /** @description Failures by error code, e.g. {"DESTINATION_TIMEOUT": 1}. */
            errors: {
                [key: string]: number;
            };
            /** @description Why fewer than `requested` attempts were made: the replay policy refused the destination on a later attempt (`forbidden`), or no attempt starts after 240 s (`time-limit`); null when all were made. */
            stopped: ("forbidden" | "time-limit") | null;
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
            /** @description Everything the token may do, narrowest first: `read`; `read`, `replay`; or `read`, `replay`, `manage` (settings, secrets, forwarding, shares, tokens, the account). Tokens made before scopes have all three. */
            scopes: ("read" | "replay" | "manage")[];
            /** @description The only inboxes the token reaches, or null for every inbox of the account. */
            inboxIds: string[] | null;
            /** @description The team the token acts in, or null for the account itself. */
            teamId: string | null;
            /** @description When the token stops working (it is then refused like a revoked one), or null for never. */
            expiresAt: string | null;
        };
        /** @description A new API token, with its secret (shown once). */
        CreatedToken: {
            /** @description Token id (tok_...), used to revoke it. */
            id: string;
            /** @description The name given at creation. */
            name: string;
            /** @description First characters of the token, safe to show. */
            prefix: string;
            createdAt: components["schemas"]["Token"]["createdAt"];
            lastUsedAt: components["schemas"]["Token"]["lastUsedAt"];
            revokedAt: components["schemas"]["Token"]["revokedAt"];
            scopes: components["schemas"]["Token"]["scopes"];
            inboxIds: components["schemas"]["Token"]["inboxIds"];
            teamId: components["schemas"]["Token"]["teamId"];
            expiresAt: components["schemas"]["Token"]["expiresAt"];
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
            prefix: components["schemas"]["Share"]["prefix"];
            createdAt: components["schemas"]["Share"]["createdAt"];
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
            /** @description The name shown for the person in the web app, or null. */
            displayName: string | null;
            /**
             * Format: date-time
             * @description When the account was created.
             * @example 2026-11-25T10:00:00.000Z
             */
            createdAt: string;
            /** @description Whether the account has a password. One made by single sign-on has none: it confirms deleting itself with its e-mail address instead. */
            hasPassword: boolean;
        };
        /** @description The signed-in account of a browser session (the session itself travels in the HttpOnly rehook_session cookie). */
        Session: {
            account: components["schemas"]["Account"];
            /** @description Send it as X-CSRF-Token with every request made with the session cookie other than GET, HEAD and OPTIONS. */
            csrfToken: string;
        };
        /**
         * @description Every error code of the API (docs/generated/errors.md); each operation lists the ones it can answer.
         * @enum {string}
         */
        ErrorCode: "UNAUTHORIZED" | "INVALID_CREDENTIALS" | "VALIDATION_FAILED" | "BAD_REQUEST" | "INVALID_JSON" | "AMBIGUOUS_CREDENTIALS" | "INVALID_DESTINATION" | "DESTINATION_FORBIDDEN" | "CSRF_FAILED" | "SIGNUP_CLOSED" | "PASSWORD_SIGN_IN_DISABLED" | "SSO_EMAIL_NOT_VERIFIED" | "SSO_DOMAIN_NOT_ALLOWED" | "SSO_REFUSED" | "EMAIL_DOMAIN_MANAGED" | "REAUTHENTICATION_REQUIRED" | "SSO_STATE_MISMATCH" | "SHARE_READ_ONLY" | "INSUFFICIENT_SCOPE" | "FORBIDDEN" | "NOT_FOUND" | "SSO_NOT_CONFIGURED" | "INBOX_NOT_FOUND" | "EVENT_NOT_FOUND" | "TOKEN_NOT_FOUND" | "SESSION_NOT_FOUND" | "SHARE_NOT_FOUND" | "REPLAY_JOB_NOT_FOUND" | "FORWARDING_NOT_FOUND" | "EVENT_TYPE_NOT_FOUND" | "TEAM_NOT_FOUND" | "MEMBER_NOT_FOUND" | "INVITATION_NOT_FOUND" | "METHOD_NOT_ALLOWED" | "CONFLICT" | "DELIVERY_IN_PROGRESS" | "INBOX_NOT_SAVED" | "SIGNATURE_NOT_SET" | "SEARCH_TOO_BROAD" | "NO_PASSWORD" | "SSO_ACCOUNT_EXISTS" | "SSO_IDENTITY_TAKEN" | "SSO_ALREADY_LINKED" | "LAST_OWNER" | "REQUEST_TIMEOUT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "HEADERS_TOO_LARGE" | "RATE_LIMITED" | "INTERNAL" | "DESTINATION_UNREACHABLE" | "SSO_PROVIDER_ERROR" | "STORAGE_UNAVAILABLE" | "DESTINATION_TIMEOUT";
        /** @description For humans; may change between versions. */
        ErrorMessage: string;
        /** @description The body of every error answer. */
        ErrorBody: {
            error: {
                code: components["schemas"]["ErrorCode"];
                message: components["schemas"]["ErrorMessage"];
                /** @description On failed replays: the id of the recorded attempt. */
                replayId?: string;
            };
        };
        /** @description One answer of the ingest listener. Exactly one of body and bodyBase64 is shown. */
        ResponseAnswer: {
            /** @description HTTP status, 200 to 599 (default 200). A 1xx is refused: it is informational, never the final answer to a request. 204, 205 and 304 take no body. */
            status: number;
            /** @description Headers in the order they are sent, duplicates allowed (at most 50; names are tokens of at most 256 characters, values at most 8192 Latin-1 characters without control characters). Refused: Connection, Keep-Alive, Transfer-Encoding, Content-Length, Upgrade, TE, Trailer, HTTP2-Settings, Proxy-*, Host and Set-Cookie. Rehook adds Content-Length (not for 204 and 304), Date and Content-Security-Policy: sandbox (always), and Access-Control-Allow-Origin: * and X-Content-Type-Options: nosniff unless given here. */
            headers: components["schemas"]["HeaderPair"][];
            /** @description The body as UTF-8 text (at most 65536 bytes encoded). Not with bodyBase64. */
            body?: string;
            /**
             * Format: byte
             * @description The body as base64 bytes (at most 65536 bytes decoded). Not with body. GET shows it only for bodies that are not UTF-8 text.
             */
            bodyBase64?: string;
            /** @description Milliseconds to wait before answering (0 to 30000, default 0). The event is stored and listed before the wait starts; a shutdown cuts the wait short. */
            delayMs: number;
            /** @description When true, header values and the body are LiquidJS templates rendered against each request (`method`, `path`, `query`, `headers`, `body`, `rawBody`, `event.id`, `now`, `uuid`; filters such as `default`, `json`, `upcase`, `base64`; docs/insight.md). A template that does not parse is refused with its line and column; one that fails to render answers the inbox's default answer and the event records the error. Shown only when true. The body must be text (body, not bodyBase64 bytes). */
            template?: boolean;
        };
        /** @description A rule: the answer for requests that match. */
        ResponseRule: {
            /** @description What a request must look like for the rule to apply; every condition given must hold ({} matches every request). */
            match: {
                /** @description The request method (case-insensitive, stored in upper case), e.g. POST. */
                method?: string;
                /** @description A path below the inbox, matched by whole segments on the raw (undecoded) path: `/fail` matches /i/<id>/fail and /i/<id>/fail/now but not /i/<id>/failure; `/fail/` only paths below /fail; `/` every path. */
                pathPrefix?: string;
                /** @description A request header that must be present (with this value, when given). */
                header?: {
                    /** @description Header name, case-insensitive. */
                    name: string;
                    /** @description When given, one of the header's values must equal it exactly (case-sensitive). */
                    value?: string;
                };
            };
            response: components["schemas"]["ResponseAnswer"];
        };
        /** @description An inbox's response: the default answer (status, headers, body, delayMs) and ordered rules. Exactly one of body and bodyBase64 is shown (body when the bytes are UTF-8 text). */
        InboxResponse: {
            status: components["schemas"]["ResponseAnswer"]["status"];
            headers: components["schemas"]["ResponseAnswer"]["headers"];
            /** @description The body as UTF-8 text (at most 65536 bytes encoded). Not with bodyBase64. */
            body?: string;
            /**
             * Format: byte
             * @description The body as base64 bytes (at most 65536 bytes decoded). Not with body. GET shows it only for bodies that are not UTF-8 text.
             */
            bodyBase64?: string;
            delayMs: components["schemas"]["ResponseAnswer"]["delayMs"];
            /** @description When true, header values and the body are LiquidJS templates rendered against each request (`method`, `path`, `query`, `headers`, `body`, `rawBody`, `event.id`, `now`, `uuid`; filters such as `default`, `json`, `upcase`, `base64`; docs/insight.md). A template that does not parse is refused with its line and column; one that fails to render answers the inbox's default answer and the event records the error. Shown only when true. The body must be text (body, not bodyBase64 bytes). */
            template?: boolean;
            /** @description Rules in order (at most 50); the first that matches gives the answer, else the default above. */
            rules: components["schemas"]["ResponseRule"][];
            /**
             * Format: date-time
             * @description When it was set.
             */
            updatedAt: string;
        };
        /** @description What the ingest listener would have answered the event: the answer with its templates rendered (the contract's `200 {"ok":true}` shown as an answer when nothing else applies). `uuid` and `now` differ per render. */
        ResponsePreview: {
            answer: components["schemas"]["ResponseAnswer"];
            /** @description The rule whose answer was sent (null: the default answer, or the contract's 200). */
            rule: number | null;
            /** @description Why a templated answer could not be rendered (what the event would record), else null. */
            error: string | null;
        };
        /** @description An inbox's signature settings, without the secret. */
        SignatureSettings: {
            /**
             * @description `stripe` (Stripe-Signature, t= and v1=), `github` (X-Hub-Signature-256), `shopify` (X-Shopify-Hmac-Sha256, base64), `slack` (X-Slack-Signature v0 with X-Slack-Request-Timestamp), `standard-webhooks` (webhook-id, webhook-timestamp, webhook-signature), `svix` (the same with svix-* headers), `hmac-sha256` (a hex or base64 HMAC-SHA256 of the body in a header you name).
             * @enum {string}
             */
            scheme: "stripe" | "github" | "shopify" | "slack" | "standard-webhooks" | "svix" | "hmac-sha256";
            /** @description The last 4 characters of the secret (after `whsec_…` for such secrets) when it has at least 24; else null. The secret itself is never returned. */
            secretHint: string | null;
            /** @description Seconds the signed timestamp may be from the capture time (1 to 604800, default 300); stripe, slack, standard-webhooks and svix only. Null for the other schemes. */
            toleranceSeconds: number | null;
            /** @description hmac-sha256: the signature header; null for the other schemes. */
            header: string | null;
            /** @description hmac-sha256: hex or base64; null for the other schemes. */
            encoding: ("hex" | "base64") | null;
            /** @description hmac-sha256: text before the digest ('' for none); null for the other schemes. */
            prefix: string | null;
            /**
             * Format: date-time
             * @description When the settings were last set.
             */
            updatedAt: string;
        };
        /** @description A fresh signature of an event. */
        ResignedHeaders: {
            scheme: components["schemas"]["SignatureSettings"]["scheme"];
            /** @description The signature headers to set on the event for a delivery now, in the providers' usual spelling: they replace headers of the same names (case-insensitive). A fresh timestamp; standard-webhooks and svix keep the event's message id. */
            headers: components["schemas"]["HeaderPair"][];
        };
        CurlCommand: {
            /** @description A POSIX shell command (sh, dash, bash, zsh) that sends the captured request again, byte for byte: method, path and raw query, headers in order with duplicates, the exact body (binary bodies through `printf` octal escapes). Host, Content-Length, Transfer-Encoding and Connection are left to curl. */
            command: string;
            /** @description Where the command sends: the public ingest origin plus the captured path and query. */
            url: string;
            /** @description Names of the captured headers left out because their values were redacted at capture (Authorization, Cookie). */
            omittedHeaders: string[];
        };
        /** @description A HAR 1.2 document (http://www.softwareishard.com/blog/har-12-spec/). */
        HarDocument: {
            log: {
                /** @enum {string} */
                version: "1.2";
                creator: {
                    name: string;
                    version: string;
                };
                pages: unknown[];
                comment?: string;
                entries: {
                    /** Format: date-time */
                    startedDateTime: string;
                    time: number;
                    request: {
                        method: string;
                        url: string;
                        httpVersion: string;
                        headers: {
                            name: string;
                            value: string;
                        }[];
                        queryString: {
                            name: string;
                            value: string;
                        }[];
                        postData?: {
                            mimeType: string;
                            text: string;
                            /** @enum {string} */
                            encoding?: "base64";
                        };
                        bodySize: number;
                    };
                    response: {
                        status: number;
                    };
                }[];
            };
        };
        /** @description An inbox's automatic forwarding. */
        Forwarding: {
            inboxId: string;
            /** @description The destination URL. To a caller who may not change the settings (a viewer or member of the team, a read or replay token), only the scheme, host and port: `/***` stands for the path, query and credentials, `***` for a host label with a digit. */
            destination: string;
            /** @description Default true. false pauses: new events are not queued, and queued deliveries wait until it is enabled again. */
            enabled: boolean;
            /** @description Attempts per delivery before it is failed (1 to 30, default 8). */
            maxAttempts: number;
            /** @description Longest wait between two attempts in milliseconds (1000 to 86400000, default 3600000). Waits double from the server's REHOOK_FORWARD_BASE_DELAY, with jitter (half fixed, half random). */
            maxDelayMs: number;
            /**
             * Format: date-time
             * @description When forwarding was first set.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it was last changed.
             */
            updatedAt: string;
        };
        /** @description One attempt to deliver an event. */
        DeliveryAttempt: {
            /** @description 1, 2, ... over the delivery's life (manual retries continue it). */
            number: number;
            /**
             * Format: date-time
             * @description When the attempt was sent.
             */
            startedAt: string;
            /** @description The URL it was sent to. To a caller who may not change the settings (a viewer or member of the team, a read or replay token), only the scheme, host and port: `/***` stands for the path, query and credentials, `***` for a host label with a digit. */
            url: string;
            /** @description `delivered`: a 2xx answer; `rejected`: another status; `forbidden`: refused by the SSRF policy (or an invalid URL; not retried); `unreachable`, `timeout`: no answer; `abandoned`: the instance sending it stopped before recording the result (the destination may have received it). */
            outcome: "delivered" | "rejected" | "forbidden" | "unreachable" | "timeout" | "abandoned";
            /** @description The destination's status; null without an answer. */
            statusCode: number | null;
            /** @description Dispatch to last response byte (or to the failure), in milliseconds. */
            latencyMs: number | null;
            /** @description DESTINATION_FORBIDDEN, INVALID_DESTINATION, DESTINATION_UNREACHABLE or DESTINATION_TIMEOUT; else null. */
            errorCode: string | null;
            /** @description What went wrong, for humans; null when delivered. */
            errorMessage: string | null;
        };
        /** @description The delivery of an event to its inbox's forwarding destination, with its attempts. */
        Delivery: {
            /** @description dlv_ and the characters of the event id: one delivery per event. */
            id: string;
            eventId: string;
            inboxId: string;
            /** @description `pending`: waiting for its next attempt; `delivering`: being sent; `delivered`: a 2xx answer; `failed`: the attempts ran out or the destination is forbidden (POST .../deliveries/retry sends it again); `cancelled`: the forwarding was removed or the event deleted first. */
            state: "pending" | "delivering" | "delivered" | "failed" | "cancelled";
            /** @description Attempts in the current round (a manual retry starts a new one). */
            attempts: number;
            /** @description When the next attempt is due (pending), or when the lease of the one being sent ends (delivering); null once finished. */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @description When it was queued.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When its state last changed.
             */
            updatedAt: string;
            /** @description Every attempt, oldest first. */
            attemptLog: components["schemas"]["DeliveryAttempt"][];
        };
        /** @description A rule that notifies a URL when something happens to the inbox. */
        AlertRule: {
            /** @description alr_ and random characters. */
            id: string;
            /** @description Shown in every notification. */
            name: string;
            /** @description `event`: a new event matches `filter`; `signature`: a new event's signature check failed; `drift`: an event was marked as not fitting the schema of its type; `forwarding`: forwarding failed `failures` times in a row. */
            kind: "event" | "signature" | "drift" | "forwarding";
            /** @description kind `event` only: the events listing's search filter as a query string (method, path, header, q, json; docs/search.md), e.g. `method=POST&json=type=invoice.paid`. Empty matches every event. */
            filter?: string;
            /** @description kind `forwarding` only: failed attempts in a row that trigger (default 3); once per streak. */
            failures?: number;
            /** @description Where the notification is POSTed: absolute http(s) URL without credentials. The SSRF policy of replays applies at save (an address it refuses answers 400 INVALID_DESTINATION) and at every send. As answered: To a caller who may not change the settings (a viewer or member of the team, a read or replay token), only the scheme, host and port: `/***` stands for the path, query and credentials, `***` for a host label with a digit. */
            url: string;
            /** @description `json` (default): the AlertNotificationBody; `slack`: Slack's incoming-webhook shape `{"text": ...}`. */
            format: "json" | "slack";
            /** @description false: the rule sends nothing. */
            enabled: boolean;
            /** @description A daily window in which the rule sends nothing (occurrences are dropped, not delayed). */
            quietHours?: {
                /**
                 * @description HH:MM (24-hour), included.
                 * @example 22:00
                 */
                start: string;
                /**
                 * @description HH:MM, excluded; before start: the window wraps past midnight.
                 * @example 07:00
                 */
                end: string;
                /**
                 * @description IANA time zone, e.g. Europe/Paris or UTC.
                 * @example Europe/Paris
                 */
                timeZone: string;
            };
            /** @description At most `max` notifications per window (opened by the first one); the occurrences held back are sent as ONE summary when the window ends ("11 more events matched rule X in the last minute"). */
            rateLimit?: {
                /** @description Notifications per window at most. */
                max: number;
                /** @description Window length in seconds. */
                windowSeconds: number;
            };
        };
        /** @description One attempt to send an alert notification. */
        AlertAttempt: {
            number: number;
            /**
             * Format: date-time
             * @description When the attempt was sent.
             */
            startedAt: string;
            url: components["schemas"]["DeliveryAttempt"]["url"];
            /** @description As for forwarding deliveries (DeliveryAttempt). */
            outcome: "delivered" | "rejected" | "forbidden" | "unreachable" | "timeout" | "abandoned";
            /** @description The receiver's status; null without an answer. */
            statusCode: number | null;
            /** @description Dispatch to last response byte, in milliseconds. */
            latencyMs: number | null;
            /** @description DESTINATION_FORBIDDEN, INVALID_DESTINATION, DESTINATION_UNREACHABLE or DESTINATION_TIMEOUT. */
            errorCode: string | null;
            /** @description What went wrong, for humans. */
            errorMessage: string | null;
        };
        /** @description A notification of an alert rule, with its attempts. */
        AlertDelivery: {
            /** @description ntf_ and characters sortable by creation; sent as X-Rehook-Notification-Id. */
            id: string;
            ruleId: string;
            ruleName: string;
            kind: components["schemas"]["AlertRule"]["kind"];
            /** @description `summary`: the occurrences a rate limit held back, in one notification. */
            type: "alert" | "summary";
            /** @description The rule's URL when it was queued. To a caller who may not change the settings (a viewer or member of the team, a read or replay token), only the scheme, host and port: `/***` stands for the path, query and credentials, `***` for a host label with a digit. */
            url: string;
            format: components["schemas"]["AlertRule"]["format"];
            /** @description The JSON text sent. */
            body: string;
            /** @description The event that triggered it, if any. */
            eventId: string | null;
            /** @description As for forwarding deliveries. */
            state: "pending" | "delivering" | "delivered" | "failed" | "cancelled";
            attempts: number;
            /** @description When the next attempt is due; null once finished. */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @description When it was queued.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When its state last changed.
             */
            updatedAt: string;
            /** @description Every attempt, oldest first. */
            attemptLog: components["schemas"]["AlertAttempt"][];
        };
        /** @description A bulk replay: a destination and which events. Without eventIds, every event matching since, until, method and pathPrefix (all optional) that is stored when the job is created, at most 10000. Unknown fields are refused. */
        ReplayJobInput: {
            /**
             * @description Absolute http or https URL without credentials. The SSRF policy of replays applies to every send.
             * @example https://example.com/webhooks
             */
            destination: string;
            /** @description Replay exactly these events (1 to 1000; each must be an event of the inbox). Not together with the other filters. They are replayed oldest first whatever their order here. */
            eventIds?: string[];
            /** @description An ISO 8601 time (e.g. `2026-11-25T10:00:00Z`) or an event id (evt_...). Events received at or after the time; or this event and newer ones. */
            since?: string;
            /** @description An ISO 8601 time (e.g. `2026-11-25T10:00:00Z`) or an event id (evt_...). Events received strictly before the time; or this event and older ones. */
            until?: string;
            /**
             * @description Only events with this HTTP method (case-insensitive).
             * @example POST
             */
            method?: string;
            /**
             * @description Only events whose path below `/i/<inboxId>` starts with this (`/stripe` matches `/i/<id>/stripe/events`, and `/stripe-v2`). Starts with `/`.
             * @example /stripe
             */
            pathPrefix?: string;
            /**
             * @description Sends started per second at most (0.1 to 100, default 10).
             * @default 10
             */
            ratePerSecond: number;
            /**
             * @description Re-sign each send with the inbox's signature secret and a fresh timestamp, as a single replay's `resign` (SIGNATURE_NOT_SET when the inbox has none).
             * @default false
             */
            resign: boolean;
            /**
             * @description Sends in flight at once (1 to 10, default 1: each send waits for the previous answer, so the destination sees the events in order).
             * @default 1
             */
            concurrency: number;
        };
        /** @description A bulk replay job and its progress. */
        ReplayJob: {
            /** @description Job id (job_...). */
            id: string;
            inboxId: string;
            destination: string;
            /** @description queued → running → completed, cancelled or failed (the last three are final). */
            state: "queued" | "running" | "completed" | "cancelled" | "failed";
            /** @description The filter as given (the method in upper case, event ids without duplicates). */
            filter: {
                eventIds?: string[];
                since?: string;
                until?: string;
                method?: string;
                pathPrefix?: string;
            };
            ratePerSecond: number;
            concurrency: number;
            /** @description Each send is re-signed with the inbox secret and a fresh timestamp. */
            resign: boolean;
            counts: {
                /** @description Events the job replays (fixed when it was created). */
                total: number;
                /** @description Events replayed so far: succeeded + failed. */
                done: number;
                /** @description The destination answered below 400. */
                succeeded: number;
                /** @description The destination answered 400 or above, or Rehook could not deliver: no answer (refused, unreachable, timed out), or the event was deleted. */
                failed: number;
                /** @description What the destination did, by class: the four status classes add up to succeeded; unreachable plus deleted events make failed. */
                outcomes: {
                    /** @description Answered with a status below 300. */
                    status2xx: number;
                    /** @description Answered 300 to 399 (redirects are not followed). */
                    status3xx: number;
                    /** @description Answered 400 to 499. */
                    status4xx: number;
                    /** @description Answered 500 or above. */
                    status5xx: number;
                    /** @description No answer: refused by the replay policy, could not connect, timed out, TLS failure. */
                    unreachable: number;
                };
            };
            /** @description done / total (1 for a job of no events). */
            progress: number;
            /**
             * Format: date-time
             * @description When the job was created.
             */
            createdAt: string;
            /** @description null while queued. */
            startedAt: string | null;
            /** @description null before. */
            finishedAt: string | null;
            /** @description Why a failed job failed (e.g. DESTINATION_FORBIDDEN, INBOX_NOT_FOUND); null otherwise. */
            error: {
                code: string;
                message: string;
            } | null;
        };
        /** @description What replaying one event of a job came to. */
        ReplayJobResult: {
            /** @description Place in the replay order (0: the oldest event); the cursor of result pages. */
            position: number;
            eventId: string;
            /** @description The event's HTTP method; null once the event is deleted. */
            method: string | null;
            /** @description The event's path as received (/i/<inboxId>/...); null once the event is deleted. */
            path: string | null;
            state: "pending" | "done";
            /** @description The recorded replay (rpl_..., in the event's replay history); null while pending or when nothing was sent. */
            replayId: string | null;
            /** @description Status code of the destination; null without an answer. */
            statusCode: number | null;
            /** @description Dispatch to the last response byte (or the failure). */
            latencyMs: number | null;
            /** @description DESTINATION_UNREACHABLE, DESTINATION_TIMEOUT, DESTINATION_FORBIDDEN, or EVENT_NOT_FOUND (deleted after the job was created); null on an answer or while pending. */
            errorCode: string | null;
            /** @description null while pending. */
            completedAt: string | null;
        };
        /** @description A signed-in browser session of the account. */
        AccountSession: {
            /** @description Session id (ses_...), used to sign it out. Not a credential. */
            id: string;
            /**
             * Format: date-time
             * @description When the browser signed in.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Its last request (recorded at most once a minute).
             */
            lastSeenAt: string;
            /**
             * Format: date-time
             * @description When it ends by itself.
             */
            expiresAt: string;
            /** @description The browser’s User-Agent at sign-in (at most 256 characters), or null. */
            userAgent: string | null;
            /** @description True for the session this request was made with. */
            current: boolean;
        };
        /** @description owner: everything, members and deleting the team included (a team keeps at least one); admin: members below owner, inbox settings, secrets, forwarding, shares; member: read, replay, bulk and edited replay, response rules; viewer: read only. */
        TeamRole: "owner" | "admin" | "member" | "viewer";
        /** @description A team, with the caller's role in it. */
        Team: {
            /** @description Team id (tem_...). */
            id: string;
            /** @description The team name (1 to 100 printable characters). */
            name: string;
            role: components["schemas"]["TeamRole"];
            /**
             * Format: date-time
             * @description When the team was created.
             */
            createdAt: string;
            /** @description What the caller's role allows in the team, by the rules the API enforces (docs/teams.md). */
            permissions: {
                /** @description Make the team's inboxes (members and above). */
                createInboxes: boolean;
                /** @description Give the team an inbox one manages (admins and owners). */
                moveInboxesIn: boolean;
                /** @description Rename the team (admins and owners). */
                rename: boolean;
                /** @description Delete the team with its inboxes (owners). */
                delete: boolean;
                /** @description Make, list and revoke invitation links (admins and owners). */
                invite: boolean;
                /** @description Change the role of, or remove, members below owner. */
                manageMembers: boolean;
                /** @description Make owners, and change or remove them (owners). */
                manageOwners: boolean;
                /** @description Read the team's audit log (admins and owners). */
                readAudit: boolean;
                /** @description The roles the caller may invite as or give a member: none above its own, owner only by owners. */
                assignableRoles: components["schemas"]["TeamRole"][];
            };
        };
        /** @description A member of a team. */
        TeamMember: {
            /** @description Account id (acc_...). */
            accountId: string;
            /** @description The member's e-mail address. */
            email: string;
            role: components["schemas"]["TeamRole"];
            /**
             * Format: date-time
             * @description When the account joined the team.
             */
            joinedAt: string;
        };
        /** @description An unused invitation link, without its token. */
        TeamInvitation: {
            /** @description Invitation id (inv_...). */
            id: string;
            role: components["schemas"]["TeamRole"];
            /** @description First characters of the link's token, to tell links apart. */
            prefix: string;
            /**
             * Format: date-time
             * @description When the invitation was made.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the link stops working.
             */
            expiresAt: string;
            /** @description Who made the link. It works only while its maker is a member allowed to invite at its role: a maker removed, or demoted below admin or below the role, takes its links with it. */
            createdBy: {
                /** @description Account id (acc_...) of who made the link. */
                accountId: string;
                /** @description The maker's e-mail address; null once that account is deleted. */
                email: string | null;
            };
        };
        /** @description A new invitation link, with its token (shown once). */
        CreatedTeamInvitation: {
            /** @description Invitation id (inv_...). */
            id: string;
            role: components["schemas"]["TeamRole"];
            /** @description First characters of the link's token, to tell links apart. */
            prefix: string;
            /**
             * Format: date-time
             * @description When the invitation was made.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the link stops working.
             */
            expiresAt: string;
            /** @description The link's token (rhi_...): shown in this answer only. */
            token: string;
            /** @description Path of the web app's page for the link, /join/<token>, on the API origin. */
            path: string;
        };
        /** @description What an invitation link offers, shown to the invited account before it joins. */
        TeamInvitationPreview: {
            /** @description The team the link joins. */
            team: {
                /** @description Team id (tem_...). */
                id: string;
                /** @description The team's name. */
                name: string;
            };
            role: components["schemas"]["TeamRole"];
            /** @description Who made the link. */
            createdBy: {
                email: components["schemas"]["TeamInvitation"]["createdBy"]["email"];
            };
            /**
             * Format: date-time
             * @description When the link stops working.
             */
            expiresAt: string;
        };
        /** @description One entry of an audit log. */
        AuditEntry: {
            /** @description Entry id (aud_...): newer entries have greater ids. */
            id: string;
            /**
             * Format: date-time
             * @description When it happened.
             */
            at: string;
            /** @description What was done: auth.sign_in, account.password_changed, account.deleted, token.created, token.revoked, secret.set, secret.removed, forwarding.changed, forwarding.removed, share.created, share.revoked, team.created, team.renamed, team.deleted, member.invited, invitation.revoked, member.joined, member.role_changed, member.removed, inbox.created, inbox.saved, inbox.renamed, inbox.moved, inbox.deleted, inbox.cleared, replay, replay.bulk. */
            action: string;
            /** @description success; denied (a wrong password, a role or scope too low); failed (tried, did not work). */
            outcome: "success" | "denied" | "failed";
            actor: {
                /** @description The acting account (acc_...), null for a failed sign-in or a sharing link. */
                accountId: string | null;
                /** @description The acting account's e-mail, null when unknown or the account is gone. */
                email: string | null;
                /** @description The API token used (tok_...), null for a browser session. */
                tokenId: string | null;
                /** @description The sharing link used (shr_...). */
                shareId: string | null;
            };
            /** @description The client address. */
            ip: string;
            /** @description The team whose log holds the entry, if any (tem_...). */
            teamId: string | null;
            /** @description What was acted on. */
            target: {
                /** @description inbox, token, share, team, invitation, account, event, replay-job. */
                type: string;
                id: string;
            } | null;
            /** @description A few short values (a role, the scopes, a destination without credentials or query); never a secret, token or body. */
            detail: {
                [key: string]: string | number | boolean;
            };
        };
        /** @description One RFC 6902 operation; `path` is a JSON Pointer (RFC 6901). `from` carries the value before the change (for `remove` and `replace`); RFC 6902 tools ignore it. Numbers are written exactly as captured. */
        JsonPatchOperation: {
            /** @enum {string} */
            op: "add";
            path: string;
            value: unknown;
        } | {
            /** @enum {string} */
            op: "remove";
            path: string;
            from: unknown;
        } | {
            /** @enum {string} */
            op: "replace";
            path: string;
            from: unknown;
            value: unknown;
        };
        EventDiff: {
            /** @description The first event: the one in the path. */
            from: string;
            /** @description The second event: `against`. */
            to: string;
            /** @description The methods, when they differ; else null. */
            method: {
                from: string;
                to: string;
            } | null;
            /** @description The paths below each event's inbox (`/stripe` of `/i/<id>/stripe`), when they differ; else null. */
            path: {
                from: string;
                to: string;
            } | null;
            query: {
                /** @description Query parameters (decoded) whose name only the second event has, in its order. */
                added: components["schemas"]["HeaderPair"][];
                /** @description Query parameters (decoded) whose name only the first event has, in its order. */
                removed: components["schemas"]["HeaderPair"][];
                /** @description Names both events have with different values (or another count or order of them). Names compared exactly (query names are case-sensitive). */
                changed: {
                    name: string;
                    /** @description Every value of the name in the first event, in order. */
                    from: string[];
                    /** @description Every value of the name in the second event, in order. */
                    to: string[];
                }[];
            };
            headers: {
                /** @description Headers whose name only the second event has, in its order. */
                added: components["schemas"]["HeaderPair"][];
                /** @description Headers whose name only the first event has, in its order. */
                removed: components["schemas"]["HeaderPair"][];
                /** @description Names both events have with different values (or another count or order of them). Names compared case-insensitively, shown as the second event spells them. Redacted values compare equal. */
                changed: {
                    name: string;
                    /** @description Every value of the name in the first event, in order. */
                    from: string[];
                    /** @description Every value of the name in the second event, in order. */
                    to: string[];
                }[];
            };
            /** @description `json` when both bodies are JSON, `text` when both are UTF-8 text (an empty body counts as text), else `binary`. */
            body: {
                /** @enum {string} */
                kind: "json";
                bytesEqual: boolean;
                /** @description Applied in order to the first body, they give the second. Objects compared by key, arrays by index (extra elements are added, or removed from the end backwards). */
                operations: components["schemas"]["JsonPatchOperation"][];
            } | {
                /** @enum {string} */
                kind: "text";
                bytesEqual: boolean;
                /** @description A line diff: the first body is the `same` and `removed` parts, the second `same` and `added`. */
                changes: {
                    type: "same" | "added" | "removed";
                    /** @description Whole lines, each with its line break when it had one. */
                    text: string;
                }[];
            } | {
                /** @enum {string} */
                kind: "binary";
                bytesEqual: boolean;
                sizes: {
                    from: number;
                    to: number;
                };
                /** @description `binary`: a body is not UTF-8 text; `too-large`: a body is over 2 MiB, or the line diff needs more than 5,000 edits. */
                reason: "binary" | "too-large";
            };
        };
        InboxData: {
            data: {
                inbox: components["schemas"]["Inbox"];
            };
        };
        EventData: {
            data: {
                event: components["schemas"]["EventDetail"];
            };
        };
        JobData: {
            data: {
                job: components["schemas"]["ReplayJob"];
            };
        };
        CancelledData: {
            data: {
                cancelled: number;
            };
        };
        RebuildData: {
            data: {
                rebuild: {
                    inboxId: string;
                    /** @description null: every type of the inbox. */
                    eventType: string | null;
                    /** @enum {string} */
                    state: "queued";
                };
            };
        };
        SettingsData: {
            data: {
                settings: {
                    /** @description Samples an event type (and each place in its bodies) needs before properties are required, closed sets of values offered and drift judged (docs/insight.md "Drift"). Default 50. */
                    minSamples: number;
                    /** @description True while the inbox uses the default. */
                    isDefault: boolean;
                };
            };
        };
        RulesData: {
            data: {
                rules: components["schemas"]["AlertRule"][];
            };
        };
        TeamData: {
            data: {
                team: components["schemas"]["Team"];
            };
        };
    };
    responses: {
        /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
        AmbiguousCredentials: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "AMBIGUOUS_CREDENTIALS";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `SSO_STATE_MISMATCH`: This sign-in did not start in this browser, was already used or took too long: start it again. */
        AmbiguousCredentialsOrSsoStateMismatch: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "AMBIGUOUS_CREDENTIALS" | "SSO_STATE_MISMATCH";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `CONFLICT`: Resource already exists. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "CONFLICT";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. `EMAIL_DOMAIN_MANAGED`: Addresses at this domain sign in with single sign-on: they cannot be used for sign-up or set in an account's profile. `REAUTHENTICATION_REQUIRED`: Sign in again (with single sign-on) and change the e-mail address within 10 minutes of that sign-in. `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `INSUFFICIENT_SCOPE`: The API token's scope does not allow this request. */
        CsrfFailedOrEmailDomainManagedOrReauthenticationRequiredOrShareReadOnlyOrInsufficientScope: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "CSRF_FAILED" | "EMAIL_DOMAIN_MANAGED" | "REAUTHENTICATION_REQUIRED" | "SHARE_READ_ONLY" | "INSUFFICIENT_SCOPE";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. `PASSWORD_SIGN_IN_DISABLED`: Password sign-in is off on this server: sign in with single sign-on. `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
        CsrfFailedOrPasswordSignInDisabledOrShareReadOnly: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "CSRF_FAILED" | "PASSWORD_SIGN_IN_DISABLED" | "SHARE_READ_ONLY";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
        CsrfFailedOrShareReadOnly: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "CSRF_FAILED" | "SHARE_READ_ONLY";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `INSUFFICIENT_SCOPE`: The API token's scope does not allow this request. */
        CsrfFailedOrShareReadOnlyOrInsufficientScope: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "CSRF_FAILED" | "SHARE_READ_ONLY" | "INSUFFICIENT_SCOPE";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `INSUFFICIENT_SCOPE`: The API token's scope does not allow this request. `FORBIDDEN`: Your role does not allow this. */
        CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "CSRF_FAILED" | "SHARE_READ_ONLY" | "INSUFFICIENT_SCOPE" | "FORBIDDEN";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. `SIGNUP_CLOSED`: Sign-up is closed on this server; ask its operator for an account. `PASSWORD_SIGN_IN_DISABLED`: Password sign-in is off on this server: sign in with single sign-on. `EMAIL_DOMAIN_MANAGED`: Addresses at this domain sign in with single sign-on: they cannot be used for sign-up or set in an account's profile. `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
        CsrfFailedOrSignupClosedOrPasswordSignInDisabledOrEmailDomainManagedOrShareReadOnly: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "CSRF_FAILED" | "SIGNUP_CLOSED" | "PASSWORD_SIGN_IN_DISABLED" | "EMAIL_DOMAIN_MANAGED" | "SHARE_READ_ONLY";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `DELIVERY_IN_PROGRESS`: The event's delivery is pending or being sent; retry it once it has finished. `INBOX_NOT_SAVED`: Only saved inboxes can be shared: save the inbox first. */
        DeliveryInProgressOrInboxNotSaved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "DELIVERY_IN_PROGRESS" | "INBOX_NOT_SAVED";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `DESTINATION_FORBIDDEN`: Destination is not allowed by the replay policy (private or reserved address). `CSRF_FAILED`: A request made with a session cookie needs the session's X-CSRF-Token header. `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `INSUFFICIENT_SCOPE`: The API token's scope does not allow this request. `FORBIDDEN`: Your role does not allow this. */
        DestinationForbiddenOrCsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbiddenWithReplayId: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "DESTINATION_FORBIDDEN" | "CSRF_FAILED" | "SHARE_READ_ONLY" | "INSUFFICIENT_SCOPE" | "FORBIDDEN";
                        message: components["schemas"]["ErrorMessage"];
                        /** @description Id of the recorded failed attempt (rpl_...). */
                        replayId?: string;
                    };
                };
            };
        };
        /** @description `DESTINATION_TIMEOUT`: Destination did not respond in time. */
        DestinationTimeoutWithReplayId: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "DESTINATION_TIMEOUT";
                        message: components["schemas"]["ErrorMessage"];
                        /** @description Id of the recorded failed attempt (rpl_...). */
                        replayId?: string;
                    };
                };
            };
        };
        /** @description `DESTINATION_UNREACHABLE`: Destination could not be reached. */
        DestinationUnreachableWithReplayId: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "DESTINATION_UNREACHABLE";
                        message: components["schemas"]["ErrorMessage"];
                        /** @description Id of the recorded failed attempt (rpl_...). */
                        replayId?: string;
                    };
                };
            };
        };
        /** @description `EVENT_NOT_FOUND`: Event not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
        EventNotFoundOrShareNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "EVENT_NOT_FOUND" | "SHARE_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `INBOX_NOT_FOUND`: Inbox not found. `EVENT_NOT_FOUND`: Event not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
        InboxNotFoundOrEventNotFoundOrShareNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "INBOX_NOT_FOUND" | "EVENT_NOT_FOUND" | "SHARE_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `INBOX_NOT_FOUND`: Inbox not found. `EVENT_NOT_FOUND`: Event not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. `FORWARDING_NOT_FOUND`: This inbox has no forwarding set. */
        InboxNotFoundOrEventNotFoundOrShareNotFoundOrForwardingNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "INBOX_NOT_FOUND" | "EVENT_NOT_FOUND" | "SHARE_NOT_FOUND" | "FORWARDING_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
        InboxNotFoundOrShareNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. `EVENT_TYPE_NOT_FOUND`: Event type not found: no captured JSON event of this inbox has it (yet). */
        InboxNotFoundOrShareNotFoundOrEventTypeNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND" | "EVENT_TYPE_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. `FORWARDING_NOT_FOUND`: This inbox has no forwarding set. */
        InboxNotFoundOrShareNotFoundOrForwardingNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND" | "FORWARDING_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `INBOX_NOT_FOUND`: Inbox not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. `TEAM_NOT_FOUND`: Team not found. */
        InboxNotFoundOrShareNotFoundOrTeamNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "INBOX_NOT_FOUND" | "SHARE_NOT_FOUND" | "TEAM_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `INBOX_NOT_SAVED`: Only saved inboxes can be shared: save the inbox first. */
        InboxNotSaved: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "INBOX_NOT_SAVED";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description Stored (or the inbox is unknown or expired). */
        Ingest200: {
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
        /** @description `INSUFFICIENT_SCOPE`: The API token's scope does not allow this request. `FORBIDDEN`: Your role does not allow this. */
        InsufficientScopeOrForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "INSUFFICIENT_SCOPE" | "FORBIDDEN";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `INTERNAL`: Internal server error. */
        Internal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "INTERNAL";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `LAST_OWNER`: A team keeps at least one owner: make another member owner first. */
        LastOwner: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "LAST_OWNER";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `NO_PASSWORD`: This account has no password: it signs in with single sign-on. */
        NoPassword: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "NO_PASSWORD";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `NOT_FOUND`: Route not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
        NotFoundOrShareNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "NOT_FOUND" | "SHARE_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `PAYLOAD_TOO_LARGE`: Request body is too large. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "PAYLOAD_TOO_LARGE";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `RATE_LIMITED`: Too many requests. */
        RateLimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "RATE_LIMITED";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SEARCH_TOO_BROAD`: This search is too broad: nothing matched in the events it could examine in time. Narrow it with a time range (since/until) or a more specific filter. */
        SearchTooBroad: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SEARCH_TOO_BROAD";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SESSION_NOT_FOUND`: Session not found: it was signed out, has expired, or never existed. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
        SessionNotFoundOrShareNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SESSION_NOT_FOUND" | "SHARE_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
        ShareNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. `INVITATION_NOT_FOUND`: Invitation not found: it expired, was used or was revoked. */
        ShareNotFoundOrInvitationNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_NOT_FOUND" | "INVITATION_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. `REPLAY_JOB_NOT_FOUND`: Replay job not found. */
        ShareNotFoundOrReplayJobNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_NOT_FOUND" | "REPLAY_JOB_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. `TEAM_NOT_FOUND`: Team not found. */
        ShareNotFoundOrTeamNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_NOT_FOUND" | "TEAM_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. `TEAM_NOT_FOUND`: Team not found. `INVITATION_NOT_FOUND`: Invitation not found: it expired, was used or was revoked. */
        ShareNotFoundOrTeamNotFoundOrInvitationNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_NOT_FOUND" | "TEAM_NOT_FOUND" | "INVITATION_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. `TEAM_NOT_FOUND`: Team not found. `MEMBER_NOT_FOUND`: This account is not a member of the team. */
        ShareNotFoundOrTeamNotFoundOrMemberNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_NOT_FOUND" | "TEAM_NOT_FOUND" | "MEMBER_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
        ShareReadOnly: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_READ_ONLY";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `FORBIDDEN`: Your role does not allow this. */
        ShareReadOnlyOrForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_READ_ONLY" | "FORBIDDEN";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `INSUFFICIENT_SCOPE`: The API token's scope does not allow this request. */
        ShareReadOnlyOrInsufficientScope: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_READ_ONLY" | "INSUFFICIENT_SCOPE";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. `INSUFFICIENT_SCOPE`: The API token's scope does not allow this request. `FORBIDDEN`: Your role does not allow this. */
        ShareReadOnlyOrInsufficientScopeOrForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SHARE_READ_ONLY" | "INSUFFICIENT_SCOPE" | "FORBIDDEN";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SIGNATURE_NOT_SET`: The inbox has no signature secret set: set one first (PUT /api/v1/inboxes/<id>/signature). */
        SignatureNotSet: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SIGNATURE_NOT_SET";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SSO_ACCOUNT_EXISTS`: An account with this e-mail address exists already: sign in to it the way you did before, then link single sign-on in Settings. `SSO_IDENTITY_TAKEN`: This identity at the provider is linked to another Rehook account. `SSO_ALREADY_LINKED`: This account is linked to another identity at this provider. */
        SsoAccountExistsOrSsoIdentityTakenOrSsoAlreadyLinked: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SSO_ACCOUNT_EXISTS" | "SSO_IDENTITY_TAKEN" | "SSO_ALREADY_LINKED";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SSO_EMAIL_NOT_VERIFIED`: The identity provider did not confirm that this e-mail address is verified (email_verified), so it cannot sign in. `SSO_DOMAIN_NOT_ALLOWED`: This e-mail address's domain may not sign in to this server. `SSO_REFUSED`: The identity provider did not sign you in. `SHARE_READ_ONLY`: A sharing link only reads its inbox and its events. */
        SsoEmailNotVerifiedOrSsoDomainNotAllowedOrSsoRefusedOrShareReadOnly: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SSO_EMAIL_NOT_VERIFIED" | "SSO_DOMAIN_NOT_ALLOWED" | "SSO_REFUSED" | "SHARE_READ_ONLY";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SSO_NOT_CONFIGURED`: Single sign-on is not set up on this server. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
        SsoNotConfiguredOrShareNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SSO_NOT_CONFIGURED" | "SHARE_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `SSO_PROVIDER_ERROR`: The identity provider could not be reached or its answer did not verify. */
        SsoProviderError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "SSO_PROVIDER_ERROR";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `STORAGE_UNAVAILABLE`: Storage is unavailable; retry later. */
        StorageUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "STORAGE_UNAVAILABLE";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `TOKEN_NOT_FOUND`: Token not found. `SHARE_NOT_FOUND`: Sharing link not found: it was revoked or never existed. */
        TokenNotFoundOrShareNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "TOKEN_NOT_FOUND" | "SHARE_NOT_FOUND";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `UNAUTHORIZED`: API token is missing or invalid. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "UNAUTHORIZED";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `UNAUTHORIZED`: API token is missing or invalid. `INVALID_CREDENTIALS`: E-mail address or password is wrong. */
        UnauthorizedOrInvalidCredentials: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "UNAUTHORIZED" | "INVALID_CREDENTIALS";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `UNSUPPORTED_MEDIA_TYPE`: Content-Type must be application/json. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "UNSUPPORTED_MEDIA_TYPE";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `VALIDATION_FAILED`: Request is invalid. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
        ValidationFailedOrAmbiguousCredentials: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "VALIDATION_FAILED" | "AMBIGUOUS_CREDENTIALS";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `VALIDATION_FAILED`: Request is invalid. `INVALID_JSON`: Request body is not valid JSON. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. */
        ValidationFailedOrInvalidJsonOrAmbiguousCredentials: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "VALIDATION_FAILED" | "INVALID_JSON" | "AMBIGUOUS_CREDENTIALS";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `VALIDATION_FAILED`: Request is invalid. `INVALID_JSON`: Request body is not valid JSON. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_DESTINATION`: Destination must be an absolute http or https URL without credentials. */
        ValidationFailedOrInvalidJsonOrAmbiguousCredentialsOrInvalidDestination: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "VALIDATION_FAILED" | "INVALID_JSON" | "AMBIGUOUS_CREDENTIALS" | "INVALID_DESTINATION";
                        message: components["schemas"]["ErrorMessage"];
                    };
                };
            };
        };
        /** @description `VALIDATION_FAILED`: Request is invalid. `INVALID_JSON`: Request body is not valid JSON. `AMBIGUOUS_CREDENTIALS`: Send one credential: an Authorization header or a share token, not both or two of them. `INVALID_DESTINATION`: Destination must be an absolute http or https URL without credentials. */
        ValidationFailedOrInvalidJsonOrAmbiguousCredentialsOrInvalidDestinationWithReplayId: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "VALIDATION_FAILED" | "INVALID_JSON" | "AMBIGUOUS_CREDENTIALS" | "INVALID_DESTINATION";
                        message: components["schemas"]["ErrorMessage"];
                        /** @description Id of the recorded failed attempt (rpl_...). */
                        replayId?: string;
                    };
                };
            };
        };
        /** @description The web app (index.html); the app renders the page for this path. */
        WebApp200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
            };
        };
    };
    parameters: {
        /** @description Inbox id (inb_...). */
        InboxId: string;
        /** @description Only these methods (any case; repeatable, or comma-separated: `method=POST,PUT`). */
        MethodQuery: string | string[];
        /** @description Only paths starting with this prefix, below the inbox: `/stripe` matches `/i/<id>/stripe/events` (the full `/i/<id>/...` path works too). Case-sensitive, compared with the path as received. */
        PathQuery: string;
        /** @description Only events with this header: `name` (any case) or `name:value` (exact value); repeatable, all must match. */
        HeaderQuery: string | string[];
        /** @description Only events with this text in the path, the query string, a header name or value, or the body bytes, also as a form field (`w%C3%B6rld`, `%2B1555`) or a JSON string (`w\u00f6rld`) holds it; the letters A-Z match either case unless `case=sensitive` (docs/search.md). */
        QQuery: string;
        /** @description `sensitive`: `q` matches every byte exactly, letter case included. Default `insensitive`. */
        CaseQuery: "insensitive" | "sensitive";
        /** @description Only JSON bodies whose field has this value: `data.object.status=paid` (a string, or a number, `true`/`false`/`null` written as such; digits address array items: `items.0.id=x`), or `field.path` alone for the field to exist. Repeatable, all must match. */
        JsonQuery: string | string[];
        /** @description Only events received at or after this ISO 8601 time, or this event id and newer. */
        SinceQuery: string;
        /** @description Only events received before this ISO 8601 time, or older than this event id. */
        UntilQuery: string;
        /** @description Event id (evt_...). */
        EventId: string;
        /** @description Replay job id (job_...). */
        JobId: string;
        /** @description The event type, percent-encoded (`orders%2Fcreate`). */
        EventType: string;
        /** @description Team id (tem_...). */
        TeamId: string;
        /** @description The member's account id (acc_...). */
        AccountId: string;
        /** @description The link's token (rhi_...). */
        Token: string;
        /** @description Page size. */
        LimitQuery: number;
        /** @description Only entries older than this entry id (the Link cursor). */
        BeforeQuery: string;
        /** @description Only this action: auth.sign_in, account.password_changed, account.deleted, token.created, token.revoked, secret.set, secret.removed, forwarding.changed, forwarding.removed, share.created, share.revoked, team.created, team.renamed, team.deleted, member.invited, invitation.revoked, member.joined, member.role_changed, member.removed, inbox.created, inbox.saved, inbox.renamed, inbox.moved, inbox.deleted, inbox.cleared, replay, replay.bulk. */
        ActionQuery: string;
        /** @description Only entries by this account, token or sharing link (id). */
        ActorQuery: string;
    };
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
                    /** @description Make the inbox a team inbox of this team (tem_...). */
                    teamId?: string;
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
                    "application/json": components["schemas"]["InboxData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
                    "application/json": components["schemas"]["InboxData"];
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    deleteInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    renameInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
                    "application/json": components["schemas"]["InboxData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    saveInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
                    "application/json": components["schemas"]["InboxData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    moveInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The team to give the inbox to (tem_...). */
                    teamId?: string;
                    /**
                     * @description Give the inbox to the calling account.
                     * @enum {string}
                     */
                    account?: "me";
                };
            };
        };
        responses: {
            /** @description The moved inbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboxData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFoundOrTeamNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Only events older than this event id (the cursor of the Link header). */
                before?: string;
                /** @description Only these methods (any case; repeatable, or comma-separated: `method=POST,PUT`). */
                method?: components["parameters"]["MethodQuery"];
                /** @description Only paths starting with this prefix, below the inbox: `/stripe` matches `/i/<id>/stripe/events` (the full `/i/<id>/...` path works too). Case-sensitive, compared with the path as received. */
                path?: components["parameters"]["PathQuery"];
                /** @description Only events with this header: `name` (any case) or `name:value` (exact value); repeatable, all must match. */
                header?: components["parameters"]["HeaderQuery"];
                /** @description Only events with this text in the path, the query string, a header name or value, or the body bytes, also as a form field (`w%C3%B6rld`, `%2B1555`) or a JSON string (`w\u00f6rld`) holds it; the letters A-Z match either case unless `case=sensitive` (docs/search.md). */
                q?: components["parameters"]["QQuery"];
                /** @description `sensitive`: `q` matches every byte exactly, letter case included. Default `insensitive`. */
                case?: components["parameters"]["CaseQuery"];
                /** @description Only JSON bodies whose field has this value: `data.object.status=paid` (a string, or a number, `true`/`false`/`null` written as such; digits address array items: `items.0.id=x`), or `field.path` alone for the field to exist. Repeatable, all must match. */
                json?: components["parameters"]["JsonQuery"];
                /** @description Only events received at or after this ISO 8601 time, or this event id and newer. */
                since?: components["parameters"]["SinceQuery"];
                /** @description Only events received before this ISO 8601 time, or older than this event id. */
                until?: components["parameters"]["UntilQuery"];
                /** @description true: only the events that drifted from the schema learned from the earlier events of their type (docs/insight.md); not combined with the other filters. */
                drift?: boolean;
            };
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
            400: components["responses"]["ValidationFailedOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            422: components["responses"]["SearchTooBroad"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    clearInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
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
                    "application/json": components["schemas"]["EventData"];
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    deleteEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getEventMeta: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event without its body. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            event: components["schemas"]["EventMeta"];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getEventBody: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getEventCurl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The command. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            curl: components["schemas"]["CurlCommand"];
                        };
                    };
                    "text/plain": string;
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    exportInbox: {
        parameters: {
            query?: {
                /** @description Export format. */
                format?: "har" | "ndjson";
                /** @description Only these methods (any case; repeatable, or comma-separated: `method=POST,PUT`). */
                method?: components["parameters"]["MethodQuery"];
                /** @description Only paths starting with this prefix, below the inbox: `/stripe` matches `/i/<id>/stripe/events` (the full `/i/<id>/...` path works too). Case-sensitive, compared with the path as received. */
                path?: components["parameters"]["PathQuery"];
                /** @description Only events with this header: `name` (any case) or `name:value` (exact value); repeatable, all must match. */
                header?: components["parameters"]["HeaderQuery"];
                /** @description Only events with this text in the path, the query string, a header name or value, or the body bytes, also as a form field (`w%C3%B6rld`, `%2B1555`) or a JSON string (`w\u00f6rld`) holds it; the letters A-Z match either case unless `case=sensitive` (docs/search.md). */
                q?: components["parameters"]["QQuery"];
                /** @description `sensitive`: `q` matches every byte exactly, letter case included. Default `insensitive`. */
                case?: components["parameters"]["CaseQuery"];
                /** @description Only JSON bodies whose field has this value: `data.object.status=paid` (a string, or a number, `true`/`false`/`null` written as such; digits address array items: `items.0.id=x`), or `field.path` alone for the field to exist. Repeatable, all must match. */
                json?: components["parameters"]["JsonQuery"];
                /** @description Only events received at or after this ISO 8601 time, or this event id and newer. */
                since?: components["parameters"]["SinceQuery"];
                /** @description Only events received before this ISO 8601 time, or older than this event id. */
                until?: components["parameters"]["UntilQuery"];
            };
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, streamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarDocument"];
                    "application/x-ndjson": string;
                };
            };
            400: components["responses"]["ValidationFailedOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    diffEvents: {
        parameters: {
            query: {
                /** @description The id of the second event. */
                against: string;
            };
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The differences. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            diff: components["schemas"]["EventDiff"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["EventNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    previousEventOfType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The previous event, or null. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            previous: {
                                /** @description The previous event, or null when none of the 10,000 events before this one matches. */
                                event: components["schemas"]["EventSummary"] | null;
                                /** @description `eventType`: the same learned event type; `methodAndPath`: this event has no type yet (it is learned a moment after capture) or none (not JSON), so the same method and exact path. */
                                matchedBy: "eventType" | "methodAndPath";
                                /** @description This event's type: null while not learned yet, and when it has none (not JSON). */
                                eventType: string | null;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
                inboxId: components["parameters"]["InboxId"];
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
                    "application/json": components["schemas"]["EventData"];
                };
            };
            /** @description No event within the timeout (or the server is shutting down): poll again. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationFailedOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
                inboxId: components["parameters"]["InboxId"];
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
            400: components["responses"]["ValidationFailedOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    replayEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
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
                    /**
                     * @description Send this method instead of the event's (an HTTP token; case kept; not CONNECT).
                     * @example PUT
                     */
                    method?: string;
                    /**
                     * @description Appended to the destination's path (one '/' between them); starts with '/', no '?', '#', spaces or controls.
                     * @example /stripe/events
                     */
                    path?: string;
                    /**
                     * @description Replaces the destination's query (a leading '?' is optional; '' removes it).
                     * @example attempt=2&debug=1
                     */
                    query?: string;
                    /** @description Header edits: remove, then set; at most 100 entries each; a name may not be both. */
                    headers?: {
                        /** @description Headers to send; each name replaces every header of that name (case-insensitive) at the place of the first one, or is appended. Not Host, Content-Length, hop-by-hop or Proxy-* names. Authorization and Cookie may be set (sent, recorded as [REDACTED]). */
                        set?: {
                            [key: string]: string;
                        } | components["schemas"]["HeaderPair"][];
                        /** @description Names of headers not to send (case-insensitive). */
                        remove?: string[];
                    };
                    /** @description Send this text as the body (UTF-8). Not with bodyBase64. */
                    body?: string;
                    /**
                     * Format: byte
                     * @description Send these bytes as the body (standard base64). Not with body.
                     */
                    bodyBase64?: string;
                    /** @description Recompute the inbox's signature headers (fresh timestamp) over the request as sent, after the edits. The inbox needs a signature secret. With an edited `body`/`bodyBase64` or `headers` it needs what setting the secret needs: the admin role or above on a team inbox (403 FORBIDDEN otherwise) and a session or a token of scope manage (403 INSUFFICIENT_SCOPE). */
                    resign?: boolean;
                    /** @description Send it this many times, one after the other; the answer is then data.replays and data.summary. */
                    repeat?: number;
                };
            };
        };
        responses: {
            /** @description Without `repeat`: the destination answered (any status), `data.replay`. With `repeat`: every attempt, `data.replays` and `data.summary`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            replay: components["schemas"]["Replay"];
                        };
                    } | {
                        data: {
                            /** @description Every attempt, in the order made. */
                            replays: components["schemas"]["Replay"][];
                            summary: components["schemas"]["ReplaySummary"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentialsOrInvalidDestinationWithReplayId"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["DestinationForbiddenOrCsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbiddenWithReplayId"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            409: components["responses"]["SignatureNotSet"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["DestinationUnreachableWithReplayId"];
            503: components["responses"]["StorageUnavailable"];
            504: components["responses"]["DestinationTimeoutWithReplayId"];
        };
    };
    listReplays: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    createReplayJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        /** @description A bulk replay: a destination and which events. Without eventIds, every event matching since, until, method and pathPrefix (all optional) that is stored when the job is created, at most 10000. Unknown fields are refused. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayJobInput"];
            };
        };
        responses: {
            /** @description The job was created (queued). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentialsOrInvalidDestination"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["SignatureNotSet"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listReplayJobs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The jobs, without their results. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            jobs: components["schemas"]["ReplayJob"][];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getReplayJob: {
        parameters: {
            query?: {
                /** @description Results after this position (the previous page's nextResultsAfter). */
                resultsAfter?: number;
                /** @description Results per page (1 to 1000, default 100). */
                resultsLimit?: number;
            };
            header?: never;
            path: {
                /** @description Replay job id (job_...). */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            job: components["schemas"]["ReplayJob"];
                            /** @description Results in replay order (oldest event first). */
                            results: components["schemas"]["ReplayJobResult"][];
                            /** @description Pass as `resultsAfter` for the next page of results; null on the last page. */
                            nextResultsAfter: number | null;
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrReplayJobNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    cancelReplayJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Replay job id (job_...). */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrReplayJobNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
                    /** @description `read` (inboxes, events, history), `replay` (also replays, bulk replays, delivery retries) or `manage` (everything: settings, secrets, forwarding, shares, tokens). They nest; the widest one given counts. Default: `manage`, as tokens made before scopes. */
                    scopes?: ("read" | "replay" | "manage")[];
                    /** @description A team the account is a member of (else 400 VALIDATION_FAILED). The token then reaches only the team's inboxes and the team itself (other routes: 403 INSUFFICIENT_SCOPE), with the lesser of its scope and the member's current role, read on every request. */
                    teamId?: string | null;
                    /** @description Saved inboxes of the account (of the team, with `teamId`) the token is limited to (null or absent: all). An inbox the account cannot see is 400 VALIDATION_FAILED. */
                    inboxIds?: string[] | null;
                    /** @description When the token stops working (ISO 8601, in the future); null or absent: never. */
                    expiresAt?: string | null;
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["TokenNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listShares: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    createShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    revokeShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
                    "application/json": components["schemas"]["InboxData"];
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getSignatureSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings, or null. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            signature: components["schemas"]["SignatureSettings"] | null;
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    setSignatureSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    scheme: components["schemas"]["SignatureSettings"]["scheme"];
                    /** @description The secret the sender signs with. stripe: the endpoint's `whsec_...` secret; standard-webhooks and svix: `whsec_` and base64 (16 to 128 bytes); others: the string as given (no control characters, no leading or trailing space). Stored encrypted; never shown again. */
                    secret: string;
                    /** @description Seconds the signed timestamp may be from the capture time (1 to 604800, default 300); stripe, slack, standard-webhooks and svix only. */
                    toleranceSeconds?: number;
                    /** @description hmac-sha256 only, required: the header carrying the signature (e.g. X-Signature). */
                    header?: string;
                    /**
                     * @description hmac-sha256 only: how the digest is written (default hex).
                     * @enum {string}
                     */
                    encoding?: "hex" | "base64";
                    /** @description hmac-sha256 only: text before the digest, e.g. `sha256=` (default ''). */
                    prefix?: string;
                };
            };
        };
        responses: {
            /** @description The settings now in force, without the secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            signature: components["schemas"]["SignatureSettings"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    removeSignatureSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    resignEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scheme and the headers to set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ResignedHeaders"];
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            409: components["responses"]["SignatureNotSet"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getInboxResponse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The response, or null. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            response: components["schemas"]["InboxResponse"] | null;
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    setInboxResponse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    status?: components["schemas"]["ResponseAnswer"]["status"];
                    headers?: components["schemas"]["ResponseAnswer"]["headers"];
                    /** @description The body as UTF-8 text (at most 65536 bytes encoded). Not with bodyBase64. */
                    body?: string;
                    /**
                     * Format: byte
                     * @description The body as base64 bytes (at most 65536 bytes decoded). Not with body. GET shows it only for bodies that are not UTF-8 text.
                     */
                    bodyBase64?: string;
                    delayMs?: components["schemas"]["ResponseAnswer"]["delayMs"];
                    /** @description When true, header values and the body are LiquidJS templates rendered against each request (`method`, `path`, `query`, `headers`, `body`, `rawBody`, `event.id`, `now`, `uuid`; filters such as `default`, `json`, `upcase`, `base64`; docs/insight.md). A template that does not parse is refused with its line and column; one that fails to render answers the inbox's default answer and the event records the error. Shown only when true. The body must be text (body, not bodyBase64 bytes). */
                    template?: boolean;
                    /** @description Rules in order (at most 50); the first that matches wins. */
                    rules?: {
                        match: components["schemas"]["ResponseRule"]["match"];
                        response: {
                            status?: components["schemas"]["ResponseAnswer"]["status"];
                            headers?: components["schemas"]["ResponseAnswer"]["headers"];
                            /** @description The body as UTF-8 text (at most 65536 bytes encoded). Not with bodyBase64. */
                            body?: string;
                            /**
                             * Format: byte
                             * @description The body as base64 bytes (at most 65536 bytes decoded). Not with body. GET shows it only for bodies that are not UTF-8 text.
                             */
                            bodyBase64?: string;
                            delayMs?: components["schemas"]["ResponseAnswer"]["delayMs"];
                            /** @description When true, header values and the body are LiquidJS templates rendered against each request (`method`, `path`, `query`, `headers`, `body`, `rawBody`, `event.id`, `now`, `uuid`; filters such as `default`, `json`, `upcase`, `base64`; docs/insight.md). A template that does not parse is refused with its line and column; one that fails to render answers the inbox's default answer and the event records the error. Shown only when true. The body must be text (body, not bodyBase64 bytes). */
                            template?: boolean;
                        };
                    }[];
                    /** @description Ignored (GET shows it; its answer can be sent back as it is). */
                    updatedAt?: string;
                };
            };
        };
        responses: {
            /** @description The response now in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            response: components["schemas"]["InboxResponse"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    clearInboxResponse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    previewInboxResponse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A response as PUT /api/v1/inboxes/<id>/response takes it (saved or not). */
                    response: Record<string, never>;
                    /** @description A captured event of this inbox to render the answer against. */
                    eventId: string;
                };
            };
        };
        responses: {
            /** @description The rendered answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            preview: components["schemas"]["ResponsePreview"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getForwarding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The forwarding, or null. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            forwarding: components["schemas"]["Forwarding"] | null;
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    setForwarding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Absolute http or https URL without credentials. Each event's sub-path below /i/<inboxId> is appended to its path and the event's query to its query. The SSRF policy of replays applies to every send.
                     * @example https://example.com/webhooks
                     */
                    destination: string;
                    enabled?: components["schemas"]["Forwarding"]["enabled"];
                    maxAttempts?: components["schemas"]["Forwarding"]["maxAttempts"];
                    /**
                     * @deprecated
                     * @description The old name of maxAttempts, still accepted on input for one release; not with maxAttempts.
                     */
                    attempts?: number;
                    maxDelayMs?: components["schemas"]["Forwarding"]["maxDelayMs"];
                };
            };
        };
        responses: {
            /** @description The forwarding as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            forwarding: components["schemas"]["Forwarding"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentialsOrInvalidDestination"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    removeForwarding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; how many unfinished deliveries were cancelled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelledData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFoundOrForwardingNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries (zero or one). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deliveries: components["schemas"]["Delivery"][];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    retryDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (evt_...). */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            delivery: components["schemas"]["Delivery"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrEventNotFoundOrShareNotFoundOrForwardingNotFound"];
            409: components["responses"]["DeliveryInProgressOrInboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The types. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            eventTypes: {
                                /** @description The type (docs/insight.md "Event types and schemas"). */
                                eventType: string;
                                /** @description Events of this type the schema was learned from. */
                                count: number;
                                /** @description How many of them drifted. */
                                drifted: number;
                                /**
                                 * Format: date-time
                                 * @description When the first of them was captured.
                                 */
                                firstSeen: string;
                                /**
                                 * Format: date-time
                                 * @description When the last of them was captured.
                                 */
                                lastSeen: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getEventTypeSchema: {
        parameters: {
            query?: {
                format?: "json" | "typescript" | "zod";
            };
            header?: never;
            path: {
                inboxId: string;
                /** @description The event type, percent-encoded (`orders%2Fcreate`). */
                eventType: components["parameters"]["EventType"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schema. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            schema: {
                                eventType: string;
                                format: "json" | "typescript" | "zod";
                                /** @description Bodies the schema was learned from. */
                                samples: number;
                                /** Format: date-time */
                                lastSeen: string;
                                /** @description Name of the TypeScript type (the Zod schema adds `Schema`). */
                                typeName: string;
                                /** @description The JSON Schema (format json) or the source text (typescript, zod). */
                                document: {
                                    [key: string]: unknown;
                                } | string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFoundOrEventTypeNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    rebuildEventTypeSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inboxId: string;
                /** @description The event type, percent-encoded (`orders%2Fcreate`). */
                eventType: components["parameters"]["EventType"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RebuildData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFoundOrEventTypeNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    rebuildEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RebuildData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFoundOrEventTypeNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getEventTypeRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule, or null. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            rule: {
                                /** @description The type is the value of this request header. */
                                header?: string;
                                /** @description The type is the value at this JSON pointer of the body. */
                                pointer?: string;
                            } | null;
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    setEventTypeRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        /** @description Exactly one of header or pointer. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description The type is the value of this request header. */
                    header?: string;
                    /** @description The type is the value at this JSON pointer of the body. */
                    pointer?: string;
                };
            };
        };
        responses: {
            /** @description The rule as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Exactly one of header or pointer. */
                            rule: {
                                /** @description The type is the value of this request header. */
                                header?: string;
                                /** @description The type is the value at this JSON pointer of the body. */
                                pointer?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    removeEventTypeRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether there was a rule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            removed: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getEventTypeSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsData"];
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    setEventTypeSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    minSamples: components["schemas"]["SettingsData"]["data"]["settings"]["minSamples"];
                };
            };
        };
        responses: {
            /** @description The settings as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    resetEventTypeSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesData"];
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    setAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Replaces every rule. */
                    rules: {
                        /** @description Keep a rule's id when sending it back; new rules get one. */
                        id?: string;
                        /** @description Shown in every notification. */
                        name: string;
                        kind: components["schemas"]["AlertRule"]["kind"];
                        /** @description kind `event` only: the events listing's search filter as a query string (method, path, header, q, json; docs/search.md), e.g. `method=POST&json=type=invoice.paid`. Empty matches every event. */
                        filter?: string;
                        /** @description kind `forwarding` only: failed attempts in a row that trigger (default 3); once per streak. */
                        failures?: number;
                        url: components["schemas"]["AlertRule"]["url"];
                        format?: components["schemas"]["AlertRule"]["format"];
                        /** @description false: the rule sends nothing. */
                        enabled?: boolean;
                        /** @description A daily window in which the rule sends nothing (occurrences are dropped, not delayed). */
                        quietHours?: {
                            /**
                             * @description HH:MM (24-hour), included.
                             * @example 22:00
                             */
                            start: string;
                            /**
                             * @description HH:MM, excluded; before start: the window wraps past midnight.
                             * @example 07:00
                             */
                            end: string;
                            /**
                             * @description IANA time zone, e.g. Europe/Paris or UTC.
                             * @example Europe/Paris
                             */
                            timeZone: string;
                        };
                        /** @description At most `max` notifications per window (opened by the first one); the occurrences held back are sent as ONE summary when the window ends ("11 more events matched rule X in the last minute"). */
                        rateLimit?: {
                            /** @description Notifications per window at most. */
                            max: number;
                            /** @description Window length in seconds. */
                            windowSeconds: number;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description The rules as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentialsOrInvalidDestination"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    removeAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; how many unsent notifications were cancelled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelledData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listAlertDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Inbox id (inb_...). */
                inboxId: components["parameters"]["InboxId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notifications. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deliveries: components["schemas"]["AlertDelivery"][];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["InboxNotFoundOrShareNotFound"];
            409: components["responses"]["InboxNotSaved"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrSignupClosedOrPasswordSignInDisabledOrEmailDomainManagedOrShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["UnauthorizedOrInvalidCredentials"];
            403: components["responses"]["CsrfFailedOrPasswordSignInDisabledOrShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            /** @description The session, or `account: null` when nobody is signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Session"] | {
                            account: null;
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getSignInMethods: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in methods. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            methods: {
                                /** @description E-mail and password sign-in is on (REHOOK_PASSWORD_SIGN_IN). */
                                password: boolean;
                                /** @description Anyone may create an account with a password (REHOOK_SIGNUP=open and password sign-in on). */
                                signup: boolean;
                                /** @description Single sign-on with OpenID Connect, or null when it is not set up. */
                                singleSignOn: {
                                    /** @description The provider's name for the button: "Sign in with <name>". */
                                    name: string;
                                    /** @description Open it in the browser to sign in (/api/v1/auth/oidc/start). */
                                    startUrl: string;
                                } | null;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    startSingleSignOn: {
        parameters: {
            query?: {
                /** @description Path of this app to open once signed in. Resolved against the public origin, it must stay on it (a path; no control characters or backslashes, also when percent-encoded); anything else, and nothing, opens /dashboard. */
                next?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's sign-in page. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Back to the sign-in page with the error code (a browser only). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["SsoNotConfiguredOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["SsoProviderError"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getSingleSignOnLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link, or linked false. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            singleSignOn: {
                                /** @description The provider's name, as on the sign-in button. */
                                name: string;
                                /** @description The account is linked to a subject of the provider. */
                                linked: boolean;
                                /** @description When it was linked. */
                                linkedAt: string | null;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["SsoNotConfiguredOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    startSingleSignOnLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The URL to open in the browser (the flow cookie is set). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The provider's sign-in page. */
                            url: string;
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["SsoNotConfiguredOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["SsoProviderError"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    finishSingleSignOn: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in (the session cookie is set): to the page asked for at the start, or /dashboard. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Back to the sign-in page with the error code (a browser only). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["AmbiguousCredentialsOrSsoStateMismatch"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["SsoEmailNotVerifiedOrSsoDomainNotAllowedOrSsoRefusedOrShareReadOnly"];
            404: components["responses"]["SsoNotConfiguredOrShareNotFound"];
            409: components["responses"]["SsoAccountExistsOrSsoIdentityTakenOrSsoAlreadyLinked"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["SsoProviderError"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            account: components["schemas"]["Account"];
                            token: components["schemas"]["Token"] | null;
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The account's password, when it has one. */
                    password?: string;
                    /** @description The account's e-mail address: the confirmation of an account without a password (`hasPassword` false). */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["UnauthorizedOrInvalidCredentials"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new e-mail address. */
                    email?: string;
                    /** @description The password now: needed to change the e-mail address of an account with a password. */
                    currentPassword?: string;
                    /** @description The name shown in the web app (at most 100 characters). */
                    displayName?: string | null;
                };
            };
        };
        responses: {
            /** @description The account as it is now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            account: components["schemas"]["Account"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["UnauthorizedOrInvalidCredentials"];
            403: components["responses"]["CsrfFailedOrEmailDomainManagedOrReauthenticationRequiredOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The password now. */
                    currentPassword: string;
                    /** @description The new password, at least 8 characters. */
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Changed; the other sessions have ended. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["UnauthorizedOrInvalidCredentials"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            409: components["responses"]["NoPassword"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listAccountSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The live sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            sessions: components["schemas"]["AccountSession"][];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    endOtherAccountSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many sessions ended. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ended: number;
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    endAccountSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (ses_...). */
                sessionId: string;
            };
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["SessionNotFoundOrShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listTeams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The teams. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            teams: components["schemas"]["Team"][];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    createTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The team name: 1 to 100 printable characters. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The new team. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamData"];
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    deleteTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    renameTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The team name: 1 to 100 printable characters. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The renamed team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            members: components["schemas"]["TeamMember"][];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    removeTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
                /** @description The member's account id (acc_...). */
                accountId: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFoundOrMemberNotFound"];
            409: components["responses"]["LastOwner"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    changeTeamMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
                /** @description The member's account id (acc_...). */
                accountId: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description owner, admin, member or viewer. */
                    role: "owner" | "admin" | "member" | "viewer";
                };
            };
        };
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            member: components["schemas"]["TeamMember"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFoundOrMemberNotFound"];
            409: components["responses"]["LastOwner"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listTeamInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            invitations: components["schemas"]["TeamInvitation"][];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    createTeamInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description owner, admin, member or viewer. */
                    role: "owner" | "admin" | "member" | "viewer";
                    /** @description Hours the link works (default 168). */
                    expiresInHours?: number;
                };
            };
        };
        responses: {
            /** @description The new invitation, with its token. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            invitation: components["schemas"]["CreatedTeamInvitation"];
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    revokeTeamInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
                /** @description Invitation id (inv_...). */
                invitationId: string;
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
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFoundOrInvitationNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getTeamInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The link's token (rhi_...). */
                token: components["parameters"]["Token"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            invitation: components["schemas"]["TeamInvitationPreview"];
                        };
                    };
                };
            };
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFoundOrInvitationNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    acceptTeamInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The link's token (rhi_...). */
                token: components["parameters"]["Token"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team joined. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamData"];
                };
            };
            400: components["responses"]["ValidationFailedOrInvalidJsonOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CsrfFailedOrShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFoundOrInvitationNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listAccountAudit: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["LimitQuery"];
                /** @description Only entries older than this entry id (the Link cursor). */
                before?: components["parameters"]["BeforeQuery"];
                /** @description Only this action: auth.sign_in, account.password_changed, account.deleted, token.created, token.revoked, secret.set, secret.removed, forwarding.changed, forwarding.removed, share.created, share.revoked, team.created, team.renamed, team.deleted, member.invited, invitation.revoked, member.joined, member.role_changed, member.removed, inbox.created, inbox.saved, inbox.renamed, inbox.moved, inbox.deleted, inbox.cleared, replay, replay.bulk. */
                action?: components["parameters"]["ActionQuery"];
                /** @description Only entries by this account, token or sharing link (id). */
                actor?: components["parameters"]["ActorQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            entries: components["schemas"]["AuditEntry"][];
                            /** @description Cursor of the next page, or null. */
                            nextBefore: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScope"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    listTeamAudit: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["LimitQuery"];
                /** @description Only entries older than this entry id (the Link cursor). */
                before?: components["parameters"]["BeforeQuery"];
                /** @description Only this action: auth.sign_in, account.password_changed, account.deleted, token.created, token.revoked, secret.set, secret.removed, forwarding.changed, forwarding.removed, share.created, share.revoked, team.created, team.renamed, team.deleted, member.invited, invitation.revoked, member.joined, member.role_changed, member.removed, inbox.created, inbox.saved, inbox.renamed, inbox.moved, inbox.deleted, inbox.cleared, replay, replay.bulk. */
                action?: components["parameters"]["ActionQuery"];
                /** @description Only entries by this account, token or sharing link (id). */
                actor?: components["parameters"]["ActorQuery"];
            };
            header?: never;
            path: {
                /** @description Team id (tem_...). */
                teamId: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            entries: components["schemas"]["AuditEntry"][];
                            /** @description Cursor of the next page, or null. */
                            nextBefore: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["ValidationFailedOrAmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrInsufficientScopeOrForbidden"];
            404: components["responses"]["ShareNotFoundOrTeamNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrForbidden"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrForbidden"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    webAppInboxesInboxIdTypes: {
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
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrForbidden"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    webAppInboxesInboxIdTypesEventType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inboxId: string;
                eventType: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrForbidden"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    webAppSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    webAppSettingsAudit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    webAppTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    webAppTeams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    webAppTeamsTeamId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                teamId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrForbidden"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    webAppTeamsTeamIdAudit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                teamId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnlyOrForbidden"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    webAppJoinInvitationToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationToken: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WebApp200"];
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["ShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            400: components["responses"]["AmbiguousCredentials"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ShareReadOnly"];
            404: components["responses"]["NotFoundOrShareNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["Ingest200"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["Ingest200"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["Ingest200"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["Ingest200"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["StorageUnavailable"];
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
            200: components["responses"]["Ingest200"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
}
