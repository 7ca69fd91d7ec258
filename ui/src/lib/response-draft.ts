/**
 * The inbox's response as a form edits it (every number as typed text), and back to
 * what the API takes, with a message naming the field a person got wrong.
 */
import type { InboxResponse, InboxResponseInput } from '../api.js';
import { headerLines, parseHeaderLines } from './filter.js';

export interface AnswerDraft {
  status: string;
  headers: string;
  body: string;
  /** A stored binary body (base64) kept unless the text is changed. */
  bodyBase64: string | null;
  delayMs: string;
  /** Header values and body are templates rendered per request. */
  template: boolean;
}

export interface RuleDraft {
  /** Keeps a rule's fields (and focus) with it when rules move. */
  key: number;
  method: string;
  pathPrefix: string;
  headerName: string;
  headerValue: string;
  answer: AnswerDraft;
}

export const newAnswer = (): AnswerDraft => ({
  status: '200',
  headers: '',
  body: '',
  bodyBase64: null,
  delayMs: '0',
  template: false,
});

/**
 * What an inbox without a response of its own answers (the ingest listener's `200 {"ok":true}`),
 * as a draft: the default answer's form starts from it, so adding a rule and saving keeps the
 * answer every other request gets instead of replacing it with an empty body.
 */
export const contractAnswer = (): AnswerDraft => ({
  status: '200',
  headers: 'Content-Type: application/json',
  body: '{"ok":true}',
  bodyBase64: null,
  delayMs: '0',
  template: false,
});

let lastRuleKey = 0;
function nextRuleKey(): number {
  lastRuleKey += 1;
  return lastRuleKey;
}

export const newRule = (): RuleDraft => ({
  key: nextRuleKey(),
  method: '',
  pathPrefix: '',
  headerName: '',
  headerValue: '',
  answer: newAnswer(),
});

export function answerDraft(answer: {
  status: number;
  headers: readonly (readonly [string, string])[];
  body?: string;
  bodyBase64?: string;
  delayMs: number;
  template?: boolean;
}): AnswerDraft {
  return {
    status: String(answer.status),
    headers: headerLines(answer.headers),
    body: answer.body ?? '',
    bodyBase64: answer.bodyBase64 ?? null,
    delayMs: String(answer.delayMs),
    template: answer.template === true,
  };
}

export function ruleDrafts(response: InboxResponse | null): RuleDraft[] {
  return (response?.rules ?? []).map((rule) => ({
    key: nextRuleKey(),
    method: rule.match.method ?? '',
    pathPrefix: rule.match.pathPrefix ?? '',
    headerName: rule.match.header?.name ?? '',
    headerValue: rule.match.header?.value ?? '',
    answer: answerDraft(rule.response),
  }));
}

function answerInput(draft: AnswerDraft, where: string) {
  const status = Number(draft.status);
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new Error(`${where}: the status is a number from 200 to 599.`);
  const delayMs = Number(draft.delayMs === '' ? '0' : draft.delayMs);
  if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 30_000)
    throw new Error(`${where}: the delay is 0 to 30,000 ms.`);
  let headers: [string, string][];
  try {
    headers = parseHeaderLines(draft.headers);
  } catch (err) {
    throw new Error(`${where}, headers: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    status,
    headers,
    delayMs,
    ...(draft.bodyBase64 !== null ? { bodyBase64: draft.bodyBase64 } : { body: draft.body }),
    ...(draft.template ? { template: true } : {}),
  };
}

function ruleMatch(rule: RuleDraft) {
  return {
    ...(rule.method.trim() !== '' ? { method: rule.method.trim().toUpperCase() } : {}),
    ...(rule.pathPrefix.trim() !== '' ? { pathPrefix: rule.pathPrefix.trim() } : {}),
    ...(rule.headerName.trim() !== ''
      ? {
          header: {
            name: rule.headerName.trim(),
            ...(rule.headerValue !== '' ? { value: rule.headerValue } : {}),
          },
        }
      : {}),
  };
}

/** The response as the API takes it; throws with a message for the person. */
export function responseInput(answer: AnswerDraft, rules: readonly RuleDraft[]): InboxResponseInput {
  return {
    ...answerInput(answer, 'Default answer'),
    rules: rules.map((rule, index) => ({
      match: ruleMatch(rule),
      response: answerInput(rule.answer, `Rule ${index + 1}`),
    })),
  } as InboxResponseInput;
}
