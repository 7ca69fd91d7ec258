import { Icon } from './Icon.js';
import './badges.css';

export interface SignatureView {
  readonly scheme: string | null;
  readonly status: 'valid' | 'invalid' | 'unchecked';
  readonly reason: string | null;
}

const SCHEME_LABEL: Record<string, string> = {
  stripe: 'Stripe',
  github: 'GitHub',
  shopify: 'Shopify',
  slack: 'Slack',
  'standard-webhooks': 'Standard Webhooks',
  svix: 'Svix',
  'hmac-sha256': 'HMAC-SHA256',
};

export function schemeLabel(scheme: string | null): string {
  return scheme === null ? '' : (SCHEME_LABEL[scheme] ?? scheme);
}

/**
 * The sender's signature as checked at capture. Compact (list rows): a short badge for valid and
 * invalid ones, and for unchecked ones only when a scheme was set; an inbox without a secret
 * shows nothing on every row. Full (inspector): always, with the scheme and the reason.
 */
export function SignatureBadge(props: { signature: SignatureView; compact?: boolean }) {
  const { signature } = props;
  const scheme = schemeLabel(signature.scheme);
  if (props.compact && signature.status === 'unchecked' && signature.scheme === null) return null;
  const text =
    signature.status === 'valid'
      ? props.compact
        ? 'signed'
        : `Valid ${scheme} signature`
      : signature.status === 'invalid'
        ? props.compact
          ? 'bad signature'
          : `Invalid ${scheme} signature`
        : props.compact
          ? 'unchecked'
          : 'Not checked';
  const title = `Signature ${signature.status}${scheme ? ` (${scheme})` : ''}${signature.reason ? `: ${signature.reason}` : ''}`;
  return (
    <span
      class={`sig sig-${signature.status} ${props.compact ? 'sig-compact' : ''}`}
      title={title}
      data-testid="signature-badge"
      data-status={signature.status}
    >
      <Icon name={signature.status === 'valid' ? 'shield' : signature.status === 'invalid' ? 'alert' : 'lock'} />
      <span>{text}</span>
      {props.compact && <span class="visually-hidden">{title}</span>}
    </span>
  );
}

/** Which answer the sender got: compact only when it was not the contract's plain 200. */
export function AnswerBadge(props: { answer: { rule: number | null; status: number }; compact?: boolean }) {
  const { answer } = props;
  if (props.compact && answer.rule === null && answer.status === 200) return null;
  const tone = answer.status < 300 ? 'ok' : answer.status < 400 ? 'info' : answer.status < 500 ? 'warn' : 'bad';
  const source = answer.rule === null ? 'default answer' : `rule ${answer.rule + 1}`;
  return (
    <span class="answer" title={`The sender got ${answer.status} (${source})`} data-testid="answer-badge">
      <span class={`status status-${tone}`}>
        <span class="visually-hidden">Answered </span>
        {answer.status}
      </span>
      {!props.compact && <span class="muted small">{source}</span>}
      {props.compact && answer.rule !== null && <span class="visually-hidden"> by {source}</span>}
    </span>
  );
}

/** One line saying what a drift difference is (the same words as the CLI and docs/insight.md). */
export function describeDrift(d: { kind: string; path: string; expected?: string[]; actual?: string; value?: string }) {
  const where = d.path === '' ? 'the body' : d.path;
  switch (d.kind) {
    case 'new-property':
      return `New property ${where}`;
    case 'missing-property':
      return `Missing ${where} (every earlier event had it)`;
    case 'type-changed':
      return `${where} is ${d.actual ?? '?'}, was ${(d.expected ?? []).join(' or ')}`;
    default:
      return `${where} has a new value ${JSON.stringify(d.value ?? '')}`;
  }
}

/** The event differs from the schema its earlier events of the same type taught (docs/insight.md). */
export function DriftBadge(props: { drift: readonly { kind: string; path: string }[] | null; compact?: boolean }) {
  const drift = props.drift;
  if (drift === null || drift.length === 0) return null;
  const title = `Drift: ${drift.map(describeDrift).join('; ')}`;
  return (
    <span class="badge badge-warn drift-badge" title={title} data-testid="drift-badge">
      <Icon name="alert" />
      <span>
        {props.compact ? 'drift' : `Drift: ${drift.length} ${drift.length === 1 ? 'difference' : 'differences'}`}
      </span>
      {props.compact && <span class="visually-hidden">{title}</span>}
    </span>
  );
}
