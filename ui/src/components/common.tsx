import type { AnchorHTMLAttributes, ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatExact, formatRelative } from '../lib/format.js';
import { renderNow } from '../lib/render-clock.js';
import { REDACTED } from '../lib/header-edits.js';
import { linkClick } from '../router.js';
import { Icon, type IconName } from './Icon.js';
import { ShowMore, useShown } from './ShowMore.js';
import { Breakable } from './Breakable.js';

/** Table rows rendered at first and per "Show more" (a form body can carry 50,000 fields). */
const ROW_STEP = 100;

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
      {formatRelative(props.iso, renderNow())}
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

/** A two-column table of name/value pairs (headers, query parameters, form fields), the first rows at a time. */
export function PairsTable(props: {
  pairs: readonly (readonly [string, string])[];
  caption: string;
  nameLabel?: string;
  redacted?: (name: string, value: string) => boolean;
}) {
  const { shown, more } = useShown(props.pairs.length, ROW_STEP);
  if (props.pairs.length === 0) return <p class="muted small">None</p>;
  return (
    <>
      <table class="pairs">
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.nameLabel ?? 'Name'}</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {props.pairs.slice(0, shown).map(([name, value], i) => (
            <tr key={i}>
              <th scope="row" class="mono">
                <Breakable text={name} />
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
                  <Breakable text={value} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShowMore shown={shown} total={props.pairs.length} unit="rows" step={ROW_STEP} onMore={more} />
    </>
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
  /** Accessible names of the two buttons when their short labels need their object (a row's name). */
  ariaLabel?: string;
  confirmAriaLabel?: string;
  /** Said beside the confirming button, naming what it acts on (it may be long: it wraps). */
  question?: string;
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
        aria-label={props.ariaLabel}
        onClick={() => setAsking(true)}
      >
        {props.icon && <Icon name={props.icon} />}
        <span>{props.label}</span>
      </button>
    );
  }
  return (
    <span class={props.question === undefined ? 'confirm' : 'confirm confirm-asking'}>
      {props.question !== undefined && (
        <span class="confirm-question" data-testid="confirm-question">
          {props.question}
        </span>
      )}
      <button
        ref={confirmRef}
        type="button"
        class="btn btn-danger"
        disabled={busy}
        aria-label={props.confirmAriaLabel}
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
