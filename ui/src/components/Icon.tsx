/** The app's icons: 24×24 stroked paths, hidden from screen readers (the text beside them says it). */

export type IconName =
  | 'copy'
  | 'check'
  | 'alert'
  | 'lock'
  | 'inbox'
  | 'download'
  | 'trash'
  | 'terminal'
  | 'send'
  | 'share'
  | 'plus'
  | 'sun'
  | 'moon'
  | 'monitor'
  | 'key'
  | 'grid'
  | 'logout'
  | 'arrow-left'
  | 'bolt'
  | 'save'
  | 'edit'
  | 'eye'
  | 'clock'
  | 'link'
  | 'x'
  | 'settings'
  | 'filter'
  | 'shield'
  | 'arrow-up'
  | 'arrow-down'
  | 'forward'
  | 'search'
  | 'more'
  | 'compare';

const PATHS: Record<IconName, string> = {
  // Two arrows passing each other: one thing set against another.
  compare: 'M7 20V4M4 7l3-3 3 3M17 4v16M14 17l3 3 3-3',
  copy: 'M8 8h10v12H8zM6 16H4V4h12v2',
  check: 'M5 12l5 5L20 7',
  alert: 'M12 9v4m0 4h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4',
  inbox: 'M3 13h5l2 3h4l2-3h5M5 5h14l2 8v6H3v-6z',
  download: 'M12 4v12m0 0l-5-5m5 5l5-5M4 20h16',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  terminal: 'M4 5h16v14H4zM7 9l3 3-3 3M12 15h5',
  send: 'M4 12l16-8-6 16-2-7-8-1z',
  share:
    'M8.6 13.5l6.8 4M15.4 6.5l-6.8 4M18 5a3 3 0 11-6 0 3 3 0 016 0zM9 12a3 3 0 11-6 0 3 3 0 016 0zM18 19a3 3 0 11-6 0 3 3 0 016 0z',
  plus: 'M12 5v14M5 12h14',
  sun: 'M12 4V2M12 22v-2M4 12H2M22 12h-2M5.6 5.6L4.2 4.2M19.8 19.8l-1.4-1.4M5.6 18.4l-1.4 1.4M19.8 4.2l-1.4 1.4M16 12a4 4 0 11-8 0 4 4 0 018 0z',
  moon: 'M20 14.5A8 8 0 019.5 4 8 8 0 1020 14.5z',
  monitor: 'M3 4h18v12H3zM8 20h8M12 16v4',
  key: 'M15 7a4 4 0 11-3.9 5H3v3h3v3h3v-3h2.1A4 4 0 0115 7zm1 2h.01',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  'arrow-left': 'M19 12H5m0 0l6-6m-6 6l6 6',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  save: 'M5 3h11l3 3v15H5zM8 3v5h8M8 14h8v7H8z',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  x: 'M6 6l12 12M18 6L6 18',
  clock: 'M12 7v5l3 3M21 12a9 9 0 11-18 0 9 9 0 0118 0z',
  link: 'M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1',
  settings: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  filter: 'M4 5h16l-6 8v5l-4 2v-7z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  'arrow-up': 'M12 19V5m0 0l-6 6m6-6l6 6',
  'arrow-down': 'M12 5v14m0 0l-6-6m6 6l6-6',
  forward: 'M4 12h14m0 0l-5-5m5 5l-5 5M20 5v14',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM16 16l4 4',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
};

export function Icon(props: { name: IconName; class?: string }) {
  return (
    <svg class={`icon ${props.class ?? ''}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[props.name]} />
    </svg>
  );
}
