import type { ComponentChildren } from 'preact';
import { Icon, type IconName } from '../Icon.js';

/** One section of Settings: a card with its title (the section's anchor) and contents. */
export function AccountCard(props: {
  id: string;
  icon: IconName;
  title: string;
  description?: ComponentChildren;
  danger?: boolean;
  children: ComponentChildren;
}) {
  return (
    <section
      id={props.id}
      class={`card account-section${props.danger ? ' account-danger' : ''}`}
      aria-labelledby={`${props.id}-title`}
      data-testid={`${props.id}-section`}
    >
      <h2 id={`${props.id}-title`} class="account-section-title">
        <Icon name={props.icon} /> {props.title}
      </h2>
      {props.description && <p class="muted small">{props.description}</p>}
      {props.children}
    </section>
  );
}
