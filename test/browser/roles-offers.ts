// What the web app offers each team role on an inbox page (the expected table), and the check that
// what a page offers agrees with what the API allows (roles.test.ts walks the pages).
import assert from 'node:assert/strict';

export type Who = 'owner' | 'admin' | 'member' | 'viewer';

/** What the inbox page offers, with the event open in the inspector. */
export interface InboxOffers {
  rename: boolean;
  share: boolean;
  replayMany: boolean;
  clear: boolean;
  deleteEvent: boolean;
  replay: boolean;
  replaySelected: boolean;
  /** Settings forms that can be changed, by test id. */
  editable: Record<'response' | 'signature' | 'forwarding' | 'alerts' | 'event-types', boolean>;
  move: boolean;
}

export const EXPECTED: Record<Who, Omit<InboxOffers, 'move'>> = {
  owner: {
    rename: true,
    share: true,
    replayMany: true,
    clear: true,
    deleteEvent: true,
    replay: true,
    replaySelected: true,
    editable: { response: true, signature: true, forwarding: true, alerts: true, 'event-types': true },
  },
  admin: {
    rename: true,
    share: true,
    replayMany: true,
    clear: true,
    deleteEvent: true,
    replay: true,
    replaySelected: true,
    editable: { response: true, signature: true, forwarding: true, alerts: true, 'event-types': true },
  },
  member: {
    rename: false,
    share: false,
    replayMany: true,
    clear: false,
    deleteEvent: false,
    replay: true,
    replaySelected: true,
    editable: { response: true, signature: false, forwarding: false, alerts: false, 'event-types': false },
  },
  viewer: {
    rename: false,
    share: false,
    replayMany: false,
    clear: false,
    deleteEvent: false,
    replay: false,
    replaySelected: false,
    editable: { response: false, signature: false, forwarding: false, alerts: false, 'event-types': false },
  },
};

export interface Allows {
  readonly replay: boolean;
  readonly respond: boolean;
  readonly manage: boolean;
}

/** Every offer is one the API allows, and every action the API refuses is not offered. */
export function assertAgrees(offers: InboxOffers, allows: Allows, who: string): void {
  const byAction = {
    replay: [offers.replay, offers.replaySelected, offers.replayMany],
    respond: [offers.editable.response],
    manage: [
      offers.rename,
      offers.share,
      offers.clear,
      offers.deleteEvent,
      offers.editable.signature,
      offers.editable.forwarding,
      offers.editable.alerts,
      offers.editable['event-types'],
      offers.move,
    ],
  };
  for (const action of ['replay', 'respond', 'manage'] as const) {
    if (!allows[action]) {
      assert.ok(
        byAction[action].every((offered) => !offered),
        `${who}: the API refuses ${action}, yet the app offers it: ${JSON.stringify(offers)}`,
      );
    }
  }
  // And the other way: what the API allows is offered (replaying many and sharing need a saved inbox and an account).
  if (allows.respond) assert.ok(offers.editable.response, `${who}: the API allows responses, not offered`);
  if (allows.manage) assert.ok(offers.clear && offers.deleteEvent, `${who}: the API allows managing, not offered`);
  if (allows.replay) assert.ok(offers.replay, `${who}: the API allows replaying, not offered`);
}
