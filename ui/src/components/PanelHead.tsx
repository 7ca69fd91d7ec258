import { Icon, type IconName } from './Icon.js';
import './PanelHead.css';

/**
 * The head of a panel that takes the detail pane's place: its title, and closing it (the back
 * arrow on narrow screens, where the list is hidden behind it).
 */
export function PanelHead(props: { icon: IconName; title: string; closeLabel: string; onClose: () => void }) {
  return (
    <header class="panel-head">
      <button
        type="button"
        class="btn btn-ghost btn-icon back-to-list"
        aria-label="Back to the list"
        onClick={props.onClose}
      >
        <Icon name="arrow-left" />
      </button>
      <h2>
        <Icon name={props.icon} /> {props.title}
      </h2>
      <span class="spacer" />
      <button type="button" class="btn btn-ghost btn-icon" aria-label={props.closeLabel} onClick={props.onClose}>
        <Icon name="x" />
      </button>
    </header>
  );
}
