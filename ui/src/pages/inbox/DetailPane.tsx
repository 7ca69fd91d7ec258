import type { InboxView as Inbox } from '../../api.js';
import { BulkReplay } from '../../components/BulkReplay.js';
import { CompareView } from '../../components/CompareView.js';
import { InboxSettings } from '../../components/InboxSettings.js';
import { Inspector } from '../../components/Inspector.js';
import type { EventFilter } from '../../lib/filter.js';
import type { Panel } from './panel.js';
import { Setup } from './Setup.js';

const LABEL = { settings: 'Inbox settings', bulk: 'Replay many' } as const;

/** The detail side of the inbox: a panel (settings, bulk replay), the open request, or how to start. */
export function DetailPane(props: {
  inbox: Inbox;
  panel: Panel;
  onClosePanel: () => void;
  /** Two events being compared (they take the pane until closed). */
  compare: { readonly from: string; readonly to: string; readonly caption?: string | undefined } | null;
  onCompare: (fromId: string, toId: string, caption?: string) => void;
  onCloseCompare: () => void;
  selectedId: string | null;
  readOnly: boolean;
  owned: boolean;
  filter: EventFilter;
  selection: ReadonlySet<string>;
  hasEvents: boolean;
  listHref: string;
  eventHref: (eventId: string) => string;
  onDeleted: (eventId: string) => void;
}) {
  const { inbox, panel, selectedId } = props;
  return (
    <section
      class="detail-pane"
      aria-label={props.compare !== null ? 'Compare' : panel === null ? 'Request details' : LABEL[panel]}
    >
      {props.compare !== null ? (
        <CompareView
          key={`${props.compare.from} ${props.compare.to}`}
          fromId={props.compare.from}
          toId={props.compare.to}
          caption={props.compare.caption}
          onClose={props.onCloseCompare}
        />
      ) : panel === 'settings' ? (
        <InboxSettings inbox={inbox} owned={props.owned} onClose={props.onClosePanel} />
      ) : panel === 'bulk' ? (
        <BulkReplay
          inbox={inbox}
          filter={props.filter}
          selection={[...props.selection]}
          onClose={props.onClosePanel}
          eventHref={props.eventHref}
        />
      ) : selectedId !== null ? (
        <Inspector
          key={selectedId}
          inbox={inbox}
          eventId={selectedId}
          readOnly={props.readOnly}
          owned={props.owned}
          backHref={props.listHref}
          onDeleted={props.onDeleted}
          onCompare={props.onCompare}
        />
      ) : (
        <Setup inbox={inbox} readOnly={props.readOnly} hasEvents={props.hasEvents} />
      )}
    </section>
  );
}
