/** An entry of an audit log, as GET /api/v1/account/audit and /api/v1/teams/:id/audit answer it. */
export interface Entry {
  id: string;
  at: string;
  action: string;
  outcome: string;
  actor: { accountId: string | null; email: string | null; tokenId: string | null; shareId: string | null };
  ip: string;
  teamId: string | null;
  target: { type: string; id: string } | null;
  detail: Record<string, string | number | boolean>;
}
