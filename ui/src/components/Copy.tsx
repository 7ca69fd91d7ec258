import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon } from './Icon.js';

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
