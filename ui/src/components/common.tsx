import type { AnchorHTMLAttributes, ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatExact, formatRelative } from '../lib/format.js';
import { REDACTED } from '../lib/header-edits.js';
import { linkClick } from '../router.js';

/** Writes text to the clipboard (with a fallback for non-secure origins such as http://host:8080). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'offscreen';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

export function CopyButton(props: {
  text: string | (() => string);
  label?: string;
  class?: string;
  title?: string;
  disabled?: boolean;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const label = props.label ?? 'Copy';
  return (
    <>
      <button
        type="button"
        class={`btn ${props.class ?? ''}`}
        title={props.title}
        disabled={props.disabled}
        data-state={state}
        onClick={async () => {
          try {
            await copyText(typeof props.text === 'function' ? props.text() : props.text);
            setState('copied');
          } catch {
            setState('failed');
          }
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setState('idle'), 1600);
        }}
      >
        <Icon name={state === 'copied' ? 'check' : 'copy'} />
        <span class="btn-label">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}</span>
      </button>
      <span class="visually-hidden" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : ''}
      </span>
    </>
  );
}

/** In-app link (navigates without reloading). `href` is always built by the app, never taken from captured data. */
export function Link({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a href={href} {...rest} onClick={linkClick} />;
}

/** Relative time ("5m ago") with the exact time on hover; re-rendered by the ticker. */
export function Time(props: { iso: string; class?: string }) {
  useTick();
  return (
    <time class={props.class} dateTime={props.iso} title={formatExact(props.iso)}>
      {formatRelative(props.iso)}
    </time>
  );
}

const tickListeners = new Set<() => void>();
setInterval(() => {
  for (const listener of tickListeners) listener();
}, 10_000);

/** Re-renders the component every 10 s (relative times, countdowns). */
export function useTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((n) => n + 1);
    tickListeners.add(listener);
    return () => {
      tickListeners.delete(listener);
    };
  }, []);
}

export function ErrorNote(props: { error: string | null; class?: string }) {
  if (props.error === null) return null;
  return (
    <div class={`note note-error ${props.class ?? ''}`} role="alert">
      <Icon name="alert" />
      <span>{props.error}</span>
    </div>
  );
}

export function Spinner(props: { label?: string }) {
  return (
    <span class="spinner" role="status">
      <span class="visually-hidden">{props.label ?? 'Loading'}</span>
    </span>
  );
}

export function Empty(props: { title: string; children?: ComponentChildren; icon?: IconName }) {
  return (
    <div class="empty">
      <Icon name={props.icon ?? 'inbox'} class="empty-icon" />
      <p class="empty-title">{props.title}</p>
      {props.children}
    </div>
  );
}

/** A two-column table of name/value pairs (headers, query parameters, form fields). */
export function PairsTable(props: {
  pairs: readonly (readonly [string, string])[];
  caption: string;
  nameLabel?: string;
  redacted?: (name: string, value: string) => boolean;
}) {
  if (props.pairs.length === 0) return <p class="muted small">None</p>;
  return (
    <table class="pairs">
      <caption class="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.nameLabel ?? 'Name'}</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {props.pairs.map(([name, value], i) => (
          <tr key={i}>
            <th scope="row" class="mono">
              {name}
            </th>
            <td class="mono">
              {props.redacted?.(name, value) ? (
                <span class="redacted" title="Rehook redacts this header before storing it">
                  <Icon name="lock" />
                  redacted
                </span>
              ) : value === '' ? (
                <span class="muted">(empty)</span>
              ) : (
                value
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Headers as captured or sent: a value Rehook redacted before storing it shows as redacted. */
export function HeadersTable(props: { caption: string; pairs: readonly (readonly [string, string])[] }) {
  return (
    <PairsTable
      caption={props.caption}
      pairs={props.pairs}
      nameLabel="Header"
      redacted={(_name, value) => value === REDACTED}
    />
  );
}

export interface TabDef<T extends string> {
  readonly id: T;
  readonly label: string;
  readonly badge?: string | number | undefined;
}

/** Accessible tabs (arrow keys move between them). */
export function Tabs<T extends string>(props: {
  tabs: readonly TabDef<T>[];
  active: T;
  onChange: (id: T) => void;
  label: string;
  idPrefix: string;
}) {
  return (
    <div class="tabs" role="tablist" aria-label={props.label}>
      {props.tabs.map((tab, i) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`${props.idPrefix}-tab-${tab.id}`}
          aria-selected={tab.id === props.active}
          aria-controls={`${props.idPrefix}-panel`}
          tabIndex={tab.id === props.active ? 0 : -1}
          class="tab"
          onClick={() => props.onChange(tab.id)}
          onKeyDown={(event) => {
            const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (delta === 0) return;
            event.preventDefault();
            const next = props.tabs[(i + delta + props.tabs.length) % props.tabs.length];
            if (next) {
              props.onChange(next.id);
              document.getElementById(`${props.idPrefix}-tab-${next.id}`)?.focus();
            }
          }}
        >
          {tab.label}
          {tab.badge !== undefined && tab.badge !== '' && <span class="tab-badge">{tab.badge}</span>}
        </button>
      ))}
    </div>
  );
}

/** A segmented control (radio group look). */
export function Segmented<T extends string>(props: {
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
  label: string;
}) {
  return (
    <fieldset class="segmented" aria-label={props.label}>
      {props.options.map((option) => (
        <button
          key={option.id}
          type="button"
          class="segment"
          aria-pressed={option.id === props.value}
          onClick={() => props.onChange(option.id)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/** A button that asks once more before a destructive action. */
export function ConfirmButton(props: {
  label: string;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  class?: string;
  icon?: IconName;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button
        type="button"
        class={`btn ${props.class ?? ''}`}
        disabled={props.disabled}
        onClick={() => setAsking(true)}
      >
        {props.icon && <Icon name={props.icon} />}
        <span>{props.label}</span>
      </button>
    );
  }
  return (
    <span class="confirm">
      <button
        ref={confirmRef}
        type="button"
        class="btn btn-danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await props.onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {props.confirmLabel}
      </button>
      <button type="button" class="btn btn-ghost" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

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

export type IconName =
  | 'copy'
  | 'check'
  | 'alert'
  | 'lock'
  | 'inbox'
  | 'download'
  | 'trash'
  | 'terminal'
  | 'send'
  | 'share'
  | 'plus'
  | 'sun'
  | 'moon'
  | 'monitor'
  | 'key'
  | 'grid'
  | 'logout'
  | 'arrow-left'
  | 'bolt'
  | 'save'
  | 'edit'
  | 'eye'
  | 'clock'
  | 'link'
  | 'x'
  | 'settings'
  | 'filter'
  | 'shield'
  | 'arrow-up'
  | 'arrow-down'
  | 'forward'
  | 'search';

const PATHS: Record<IconName, string> = {
  copy: 'M8 8h10v12H8zM6 16H4V4h12v2',
  check: 'M5 12l5 5L20 7',
  alert: 'M12 9v4m0 4h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4',
  inbox: 'M3 13h5l2 3h4l2-3h5M5 5h14l2 8v6H3v-6z',
  download: 'M12 4v12m0 0l-5-5m5 5l5-5M4 20h16',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  terminal: 'M4 5h16v14H4zM7 9l3 3-3 3M12 15h5',
  send: 'M4 12l16-8-6 16-2-7-8-1z',
  share:
    'M8.6 13.5l6.8 4M15.4 6.5l-6.8 4M18 5a3 3 0 11-6 0 3 3 0 016 0zM9 12a3 3 0 11-6 0 3 3 0 016 0zM18 19a3 3 0 11-6 0 3 3 0 016 0z',
  plus: 'M12 5v14M5 12h14',
  sun: 'M12 4V2M12 22v-2M4 12H2M22 12h-2M5.6 5.6L4.2 4.2M19.8 19.8l-1.4-1.4M5.6 18.4l-1.4 1.4M19.8 4.2l-1.4 1.4M16 12a4 4 0 11-8 0 4 4 0 018 0z',
  moon: 'M20 14.5A8 8 0 019.5 4 8 8 0 1020 14.5z',
  monitor: 'M3 4h18v12H3zM8 20h8M12 16v4',
  key: 'M15 7a4 4 0 11-3.9 5H3v3h3v3h3v-3h2.1A4 4 0 0115 7zm1 2h.01',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  'arrow-left': 'M19 12H5m0 0l6-6m-6 6l6 6',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  save: 'M5 3h11l3 3v15H5zM8 3v5h8M8 14h8v7H8z',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  x: 'M6 6l12 12M18 6L6 18',
  clock: 'M12 7v5l3 3M21 12a9 9 0 11-18 0 9 9 0 0118 0z',
  link: 'M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1',
  settings: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  filter: 'M4 5h16l-6 8v5l-4 2v-7z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  'arrow-up': 'M12 19V5m0 0l-6 6m6-6l6 6',
  'arrow-down': 'M12 5v14m0 0l-6-6m6 6l6-6',
  forward: 'M4 12h14m0 0l-5-5m5 5l-5 5M20 5v14',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM16 16l4 4',
};

export function Icon(props: { name: IconName; class?: string }) {
  return (
    <svg class={`icon ${props.class ?? ''}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[props.name]} />
    </svg>
  );
}
