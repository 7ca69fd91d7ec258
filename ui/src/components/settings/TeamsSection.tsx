import { AccountCard } from '../account/AccountCard.js';

/**
 * Settings > Teams. Teams are not part of this build yet: the section says so. The teams
 * feature replaces this component (its list comes from GET /api/v1/teams).
 */
export function TeamsSection() {
  return (
    <AccountCard id="teams" icon="grid" title="Teams">
      <p class="muted small">You are not in any team. Teams let several people share inboxes, each with a role.</p>
    </AccountCard>
  );
}
