import type { ComponentChildren } from 'preact';
import './tables.css';

/** A column head: its text, and a class for its cells' alignment (`num`). */
export type ListColumn = string | { readonly label: string; readonly class: string };

/**
 * A list shown as a table (members, invitations, inboxes, tokens): a caption for screen readers,
 * the named columns, then a last column of each row's actions whose head only screen readers
 * read. The rows are the children.
 */
export function ListTable(props: {
  caption: string;
  columns: readonly ListColumn[];
  testId: string;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <table class={props.class === undefined ? 'table' : `table ${props.class}`} data-testid={props.testId}>
      <caption class="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <th key={column.label} scope="col" class={column.class}>
                {column.label}
              </th>
            ),
          )}
          <th scope="col">
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}
