import './Tabs.css';

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
