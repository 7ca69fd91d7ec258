import { REDACTED } from '../lib/header-edits.js';
import { Breakable } from './Breakable.js';
import { Icon } from './Icon.js';
import { ShowMore, useShown } from './ShowMore.js';
import './tables.css';

/** Table rows rendered at first and per "Show more" (a form body can carry 50,000 fields). */
const ROW_STEP = 100;

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
