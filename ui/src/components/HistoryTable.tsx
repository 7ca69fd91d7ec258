import type { ComponentChildren } from 'preact';
import './tables.css';

export interface Column {
  readonly label: string;
  /** A number column: right-aligned. */
  readonly num?: boolean;
  /** Named for screen readers only (a column of buttons). */
  readonly hidden?: boolean;
  /** A short counter (#): as narrow as its numbers, not an equal share of a fixed-layout table. */
  readonly index?: boolean;
}

function columnClass(column: Column): string | undefined {
  const classes = [column.num ? 'num' : '', column.index ? 'col-index' : ''].filter((c) => c !== '');
  return classes.length === 0 ? undefined : classes.join(' ');
}

/** A scrolling table of attempts or replays (compact rows, one per try), with its column heads. */
export function HistoryTable(props: {
  testId: string;
  caption: string;
  columns: readonly Column[];
  /** More classes for the table (`history-stackable`: one block per row in a narrow container). */
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="table-scroll">
      <table class={props.class ? `history ${props.class}` : 'history'} data-testid={props.testId}>
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column.label} scope="col" class={columnClass(column)}>
                {column.hidden ? <span class="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
