import { useState } from 'preact/hooks';
import { client } from '../api.js';
import { Link } from '../components/Link.js';
import { Empty, ErrorNote, Spinner } from '../components/notes.js';
import { NameForm } from '../components/fields.js';
import { PageLoading } from '../components/page-states.js';
import { PageHead } from '../components/PageHead.js';
import { navigate, paths } from '../router.js';
import { useAccountList } from '../hooks/useAccountList.js';
import './Teams.css';

/** /teams: the account's teams with its role in each, and a form to create one. */
export function Teams() {
  const list = useAccountList(() => client.teams(), paths.signin(paths.teams()));
  const [name, setName] = useState('');
  if (!list.account) return <PageLoading />;

  const create = (event: Event) =>
    list.create(event, async () => {
      const team = await client.createTeam(name.trim());
      setName('');
      navigate(paths.team(team.id));
    });

  return (
    <div class="page">
      <PageHead
        title="Teams"
        note="A team owns inboxes together. Owners and admins manage members; members replay; viewers only read."
      />
      <ErrorNote error={list.error} />
      <NameForm
        id="team-name"
        label="Team name"
        placeholder="e.g. Payments"
        value={name}
        onChange={setName}
        onSubmit={create}
        button="Create team"
        busy={list.busy}
      />
      {list.items === null ? (
        <Spinner label="Loading teams" />
      ) : list.items.length === 0 ? (
        <div class="card">
          <Empty title="No teams yet" />
        </div>
      ) : (
        <div class="card table-card">
          <table class="table" data-testid="team-table">
            <caption class="visually-hidden">Your teams</caption>
            <thead>
              <tr>
                <th scope="col">Team</th>
                <th scope="col">Your role</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((team) => (
                <tr key={team.id}>
                  <td class="strong">
                    <Link href={paths.team(team.id)}>{team.name}</Link>
                  </td>
                  <td>
                    <span class="badge">{team.role}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
