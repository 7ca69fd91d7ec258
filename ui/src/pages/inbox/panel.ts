/** What the detail pane shows instead of an event: the inbox's settings or a bulk replay. */
export type Panel = 'settings' | 'bulk' | null;
