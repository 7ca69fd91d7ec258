import * as alerts from './alerts.js';
import * as events from './events.js';
import * as exporting from './export.js';
import * as forwarding from './forwarding.js';
import * as replayJobs from './replay-jobs.js';
import * as replays from './replays.js';
import type { ListEventsOptions } from './events.js';
import type { WaitForReplayJobOptions } from './replay-jobs.js';
import { InboxCalls } from './inbox-calls.js';
import type {
  AlertDelivery,
  AlertRule,
  AlertRuleInput,
  CurlCommand,
  Delivery,
  EventBody,
  EventDetail,
  EventDiff,
  EventMeta,
  EventPage,
  ExportInboxOptions,
  Forwarding,
  ForwardingInput,
  NextEventOptions,
  Replay,
  ReplayJob,
  ReplayJobInput,
  ReplayJobPage,
  ReplayOptions,
  ReplayRun,
  WaitForEventOptions,
} from './types.js';

/** What happens to events: listing, reading, waiting for, diffing and exporting them; replays and bulk replay jobs; automatic forwarding and alerts. Offered through RehookClient. */
export class EventCalls extends InboxCalls {
  // --- Events -------------------------------------------------------------------------------

  /** One page of the inbox's events, newest first; `nextBefore` pages on. */
  async events(inboxId: string, options: ListEventsOptions = {}): Promise<EventPage> {
    return events.listEvents(this.api, inboxId, options);
  }

  /** One event with headers and body (`bodyText`, and `bodyBase64` for the exact bytes). */
  async event(eventId: string): Promise<EventDetail> {
    return events.getEvent(this.api, eventId);
  }

  /** One event with headers but without its body (read it with `eventBody`). */
  async eventMeta(eventId: string): Promise<EventMeta> {
    return events.getEventMeta(this.api, eventId);
  }

  /**
   * What differs from event `fromId` to event `toId` (any inboxes the client may read): method
   * and path, query and headers by name, and the body as RFC 6902 operations (JSON), a line diff
   * (text) or a byte comparison. Values are parsed with JSON.parse, so a number past 2^53 loses
   * digits here; `diffText` gives the server's JSON text, where it is exact.
   */
  async diff(fromId: string, toId: string): Promise<EventDiff> {
    return events.diffEvents(this.api, fromId, toId);
  }

  /** The answer of `diff` as the server's JSON text (`{"data":{"diff":...}}`), numbers exact. */
  async diffText(fromId: string, toId: string): Promise<string> {
    return events.diffEventsText(this.api, fromId, toId);
  }

  /** Deletes one event with its replays. */
  async deleteEvent(eventId: string): Promise<void> {
    return events.deleteEvent(this.api, eventId);
  }

  /** The exact captured body bytes. */
  async eventBody(eventId: string): Promise<EventBody> {
    return events.eventBody(this.api, eventId);
  }

  /**
   * One long-poll (`GET /api/v1/inboxes/<id>/events/next`): the first event newer than `after`
   * (without it, the next one stored after the call) as soon as it is stored, or null when none
   * came within `timeout` (at most 120 s; default 30 s).
   */
  async nextEvent(inboxId: string, options: NextEventOptions = {}): Promise<EventDetail | null> {
    return events.nextEvent(this.api, inboxId, options);
  }

  /**
   * The first event of the inbox (oldest first) that matches, as soon as there is one: the
   * building block of an end-to-end test that asserts a webhook was sent. Events already in the
   * inbox count, so it does not matter whether the webhook arrived before or after the call
   * (use a fresh inbox per test, or pass `after`: the id of the newest event to skip). Throws
   * RehookTimeoutError when none matched within `timeout` (default 30 s).
   *
   * @example
   * const event = await client.waitForEvent(inbox.id, {
   *   match: { method: 'POST', path: '/orders', json: { status: 'paid' } },
   *   timeout: '10s',
   * });
   */
  async waitForEvent(inboxId: string, options: WaitForEventOptions = {}): Promise<EventDetail> {
    return events.waitForEvent(this.api, inboxId, options);
  }

  // --- Export --------------------------------------------------------------------------------

  /**
   * A POSIX shell command (sh, bash, zsh) that sends the captured request again to the inbox's
   * public ingest URL, byte for byte (`command`); `omittedHeaders` names the redacted headers
   * (Authorization, Cookie) it leaves out.
   */
  async curl(eventId: string): Promise<CurlCommand> {
    return exporting.curl(this.api, eventId);
  }

  /**
   * The inbox's events as a HAR 1.2 document (`format: 'har'`, the default) or NDJSON (one
   * event per line), oldest first, with the event list's filters. Resolves once the server has
   * accepted the request (errors such as INBOX_NOT_FOUND are thrown here), then yields the bytes
   * as they arrive: nothing is buffered, so any size fits. Stopping the iteration early (or
   * aborting `signal`) ends the download.
   */
  async exportInbox(inboxId: string, options: ExportInboxOptions = {}): Promise<AsyncIterable<Uint8Array>> {
    return exporting.exportInbox(this.api, inboxId, options);
  }

  // --- Replays ------------------------------------------------------------------------------

  /**
   * Re-sends the event from the server to `destination` (needs a token), as captured or with
   * the edits of `options` (method, path, query, headers, body or bodyBase64; `resign`). With
   * `repeat` it is sent that many times and every result comes back with a summary.
   */
  async replay(eventId: string, options: ReplayOptions & { readonly repeat: number }): Promise<ReplayRun>;
  async replay(eventId: string, options: ReplayOptions & { readonly repeat?: undefined }): Promise<Replay>;
  async replay(
    eventId: string,
    options: ReplayOptions & { readonly repeat?: number | undefined },
  ): Promise<Replay | ReplayRun> {
    return replays.replay(this.api, eventId, options);
  }

  /** Replay history of the event, newest first (needs a token). */
  async replays(eventId: string): Promise<Replay[]> {
    return replays.replays(this.api, eventId);
  }

  // --- Bulk replay jobs ---------------------------------------------------------------------

  /**
   * Starts a bulk replay job (needs a token): the server replays the chosen events of the inbox
   * to `destination`, oldest first, at `ratePerSecond` with `concurrency` sends in flight. It
   * runs in the background; follow it with replayJob or waitForReplayJob.
   *
   * @example
   * const job = await client.createReplayJob(inbox.id, { destination: 'https://staging.example.com/hooks', method: 'POST', since: '2026-11-24T00:00:00Z' });
   * const done = await client.waitForReplayJob(job.id);
   */
  async createReplayJob(inboxId: string, input: ReplayJobInput): Promise<ReplayJob> {
    return replayJobs.createReplayJob(this.api, inboxId, input);
  }

  /** A job with one page of its results (100 by default; page with `resultsAfter`). */
  async replayJob(
    jobId: string,
    options: { readonly resultsAfter?: number; readonly resultsLimit?: number } = {},
  ): Promise<ReplayJobPage> {
    return replayJobs.replayJob(this.api, jobId, options);
  }

  /** The inbox's jobs, newest first (of an anonymous inbox: the caller's own). */
  async replayJobs(inboxId: string): Promise<ReplayJob[]> {
    return replayJobs.replayJobs(this.api, inboxId);
  }

  /** Cancels the job (a finished one stays as it is); returns it as it is afterwards. */
  async cancelReplayJob(jobId: string): Promise<ReplayJob> {
    return replayJobs.cancelReplayJob(this.api, jobId);
  }

  /**
   * Polls the job (every `interval`, default 500 ms) until it is completed, cancelled or failed
   * and returns it. `onProgress` sees it after every poll. Rejects with an Error when `timeout`
   * (default: none) passes first.
   */
  async waitForReplayJob(jobId: string, options: WaitForReplayJobOptions = {}): Promise<ReplayJob> {
    return replayJobs.waitForReplayJob(this.api, jobId, options);
  }

  // --- Automatic forwarding ------------------------------------------------------------------

  /** The inbox's automatic forwarding; null when none is set. Owner of a saved inbox only. */
  async forwarding(inboxId: string): Promise<Forwarding | null> {
    return forwarding.forwarding(this.api, inboxId);
  }

  /**
   * Sets (replaces) the inbox's automatic forwarding: every event stored from now on is
   * delivered to `destination` in the background, retried until `attempts` run out.
   */
  async setForwarding(inboxId: string, settings: ForwardingInput): Promise<Forwarding> {
    return forwarding.setForwarding(this.api, inboxId, settings);
  }

  /** Removes the inbox's forwarding; resolves with how many unfinished deliveries were cancelled. */
  async removeForwarding(inboxId: string): Promise<number> {
    return forwarding.removeForwarding(this.api, inboxId);
  }

  /** The event's deliveries (zero or one) with every attempt. */
  async deliveries(eventId: string): Promise<Delivery[]> {
    return forwarding.deliveries(this.api, eventId);
  }

  /** Queues the event's delivery again (a failed, cancelled or delivered one, or a first one). */
  async retryDelivery(eventId: string): Promise<Delivery> {
    return forwarding.retryDelivery(this.api, eventId);
  }

  // --- Alerts ----------------------------------------------------------------------------------

  /** The inbox's alert rules (empty when none are set). Owner of a saved inbox only. */
  async alerts(inboxId: string): Promise<AlertRule[]> {
    return alerts.alerts(this.api, inboxId);
  }

  /** Replaces the inbox's alert rules; resolves with them as stored (each with its id). */
  async setAlerts(inboxId: string, rules: readonly AlertRuleInput[]): Promise<AlertRule[]> {
    return alerts.setAlerts(this.api, inboxId, rules);
  }

  /** Removes every alert rule of the inbox; resolves with how many unsent notifications were cancelled. */
  async removeAlerts(inboxId: string): Promise<number> {
    return alerts.removeAlerts(this.api, inboxId);
  }

  /** The inbox's recent alert notifications (newest first, at most 50), each with its attempts. */
  async alertDeliveries(inboxId: string): Promise<AlertDelivery[]> {
    return alerts.alertDeliveries(this.api, inboxId);
  }
}
