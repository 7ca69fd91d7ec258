import {
  CONTRACT_ANSWER,
  UNCHECKED_SIGNATURE,
  type AnswerRecord,
  type EventSummary,
  type SignatureCheck,
} from './captured-event.js';

/**
 * The API's JSON shape of an event summary (list entries and live-stream messages). Here rather
 * than in http/ because the store port promises these exact bytes too
 * (EventRepository.listSummaryPageJson): one definition for both.
 */
export function eventSummaryJson(event: EventSummary) {
  return {
    id: event.id,
    inboxId: event.inboxId,
    receivedAt: event.receivedAt.toISOString(),
    method: event.method,
    path: event.path,
    query: event.query,
    contentType: event.contentType,
    size: event.size,
    signature: signatureJson(event.signature ?? UNCHECKED_SIGNATURE),
    answer: answerJson(event.answer ?? CONTRACT_ANSWER),
    eventType: event.eventType ?? null,
    drift: event.drift ?? null,
  };
}

/** The one key order of a stored or presented signature check (adapters store these bytes). */
export function signatureJson(check: SignatureCheck) {
  return { scheme: check.scheme, status: check.status, reason: check.reason };
}

/** The one key order of a stored or presented answer record (adapters store these bytes). */
export function answerJson(answer: AnswerRecord): { rule: number | null; status: number; error?: string } {
  return {
    rule: answer.rule,
    status: answer.status,
    ...(typeof answer.error === 'string' ? { error: answer.error } : {}),
  };
}

/** `signature`/`answer` as stored in the events table: JSON text in the key order above, or null. */
export function encodeSignature(check: SignatureCheck | null): string | null {
  return check === null ? null : JSON.stringify(signatureJson(check));
}

export function encodeAnswer(answer: AnswerRecord | null): string | null {
  return answer === null ? null : JSON.stringify(answerJson(answer));
}

/** Reads a stored column back; anything unreadable counts as absent rather than failing a read. */
export function decodeSignature(text: string | null): SignatureCheck | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as SignatureCheck;
    return signatureJson(value);
  } catch {
    return null;
  }
}

export function decodeAnswer(text: string | null): AnswerRecord | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as AnswerRecord;
    return answerJson(value);
  } catch {
    return null;
  }
}

/** Stored-null defaults as JSON text, for adapters that encode summaries in SQL. */
export const UNCHECKED_SIGNATURE_JSON = JSON.stringify(signatureJson(UNCHECKED_SIGNATURE));
export const CONTRACT_ANSWER_JSON = JSON.stringify(answerJson(CONTRACT_ANSWER));

/**
 * The body of the event list: the summaries as a JSON array. Storage adapters may build the same
 * bytes themselves (EventRepository.listSummaryPageJson); tests hold them to this function.
 */
export function eventSummaryPageJson(events: readonly EventSummary[]): string {
  return JSON.stringify(events.map(eventSummaryJson));
}
