/** What a view says while it waits, when it failed, and when it has nothing to show. */
import type { ComponentChildren } from 'preact';
import { Icon, type IconName } from './Icon.js';

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
