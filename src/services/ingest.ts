import type { AnswerRecord, CapturedEvent, SignatureCheck } from '../domain/captured-event.js';
import { pairRawHeaders, summaryOf } from '../domain/captured-event.js';
import { isId } from '../domain/ids.js';
import type { ChosenAnswer, ResponseAnswer } from '../domain/response.js';
import type { SignatureKeys } from '../ports/signature-keys.js';
import type { AlertEvaluator } from './alert-evaluator.js';
import type { ServiceDeps } from './deps.js';
import { checkCapturedSignature } from './signatures.js';
import { answerForRequest, type ResponseCache } from './responses.js';
import { sharedTemplateRenderer } from './template-renderer.js';
import { subPathOf } from '../domain/response.js';

/** A request as the ingest listener received it, before anything is interpreted. */
export interface IncomingCapture {
  readonly inboxId: string;
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  /** Raw query string without '?'. */
  readonly query: string;
  /** Node's flat rawHeaders: original case, order and duplicates. */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  readonly sourceIp: string;
}

/**
 * What the ingest path worked out about a request before storing it, stored with the event:
 * the sender's signature check and the answer it will get. Absent = null (no secret set; the
 * contract's plain 200).
 */
export interface CaptureAssessment {
  readonly signature?: SignatureCheck | null;
  readonly answer?: AnswerRecord | null;
}

export type CaptureResult =
  | {
      readonly stored: true;
      readonly eventId: string;
      /** The inbox's programmed answer to send (after its delay); null or absent = the contract's 200. */
      readonly answer?: ResponseAnswer | null;
    }
  | { readonly stored: false };

/**
 * Stores a captured request as an event of its inbox, redacting credentials first. Resolves
 * only after the event is committed (a 200 from ingest means stored). Unknown and expired inboxes
 * resolve `{stored:false}` (the listener still answers 200). Rejects with StorageError when the
 * event could not be stored, so the listener answers 503 and the sender retries.
 */
export async function captureRequest(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'bus' | 'templates'> & {
    newEventId: (nowMs: number) => string;
    /** REHOOK_ANON_MAX_EVENTS: an anonymous inbox keeps its newest N events (0 or absent = all). */
    anonMaxEvents?: number;
    /**
     * The server key (services/signatures.ts): with it, the sender's signature is checked here,
     * before the insert, against the inbox's secret (cached per process). Absent = not checked.
     */
    signatureKeys?: SignatureKeys;
    /**
     * Inboxes' response rules (services/responses.ts): the answer is chosen here, before
     * the insert, and recorded with the event. Absent = every inbox answers the contract's 200.
     */
    responses?: ResponseCache;
    /**
     * Alert rules (services/alert-evaluator.ts): checked after the commit and before the
     * answer, so an acknowledged event's notifications are queued. Absent = no alerts.
     */
    alerts?: Pick<AlertEvaluator, 'onEventStored'>;
  },
  incoming: IncomingCapture,
  assessment: CaptureAssessment = {},
): Promise<CaptureResult> {
  if (!isId('inbox', incoming.inboxId)) return { stored: false };
  // Synchronous when the inbox's response is cached (the common case): no extra await.
  let chosen: ChosenAnswer | null | Promise<ChosenAnswer | null> = deps.responses
    ? answerForRequest(deps.responses, incoming)
    : null;
  if (chosen instanceof Promise) chosen = await chosen;
  const now = deps.clock.now();
  const headers = pairRawHeaders(incoming.rawHeaders);
  const contentType = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? null;
  // Checked against the capture time; synchronous when the inbox's settings are cached.
  let signature: SignatureCheck | null | Promise<SignatureCheck | null> = assessment.signature ?? null;
  if (assessment.signature === undefined && deps.signatureKeys !== undefined) {
    signature = checkCapturedSignature(deps.store, deps.signatureKeys, incoming.inboxId, {
      headers,
      body: incoming.body,
      receivedAt: now,
    });
    if (signature instanceof Promise) signature = await signature;
  }
  const id = deps.newEventId(now.getTime());
  // Templated answers render here, before the insert, so the event records a render failure; on
  // a render thread, so a hostile template never holds the event loop.
  const resolved =
    chosen?.answer.template === true
      ? await (deps.templates ?? sharedTemplateRenderer()).resolve(
          chosen,
          {
            eventId: id,
            method: incoming.method,
            subPath: subPathOf(incoming.path, incoming.inboxId),
            query: incoming.query,
            headers,
            body: incoming.body,
            receivedAt: now,
          },
          incoming.inboxId,
        )
      : chosen;
  const event: CapturedEvent = {
    id,
    inboxId: incoming.inboxId,
    receivedAt: now,
    method: incoming.method,
    path: incoming.path,
    query: incoming.query,
    contentType,
    size: incoming.body.length,
    signature,
    answer: resolved?.record ?? assessment.answer ?? null,
    headers,
    body: incoming.body,
    sourceIp: incoming.sourceIp,
  };
  const stored =
    deps.anonMaxEvents !== undefined && deps.anonMaxEvents > 0
      ? await deps.store.events.insertIfInboxLive(event, now, { maxEventsForAnonymous: deps.anonMaxEvents })
      : await deps.store.events.insertIfInboxLive(event, now);
  if (!stored) return { stored: false };
  // Synchronous for an inbox without rules (cached): no extra turn of the event loop.
  const alerting = deps.alerts?.onEventStored(event);
  if (alerting instanceof Promise) await alerting;
  deps.bus.publish(summaryOf(event));
  return { stored: true, eventId: event.id, answer: resolved?.answer ?? null };
}
