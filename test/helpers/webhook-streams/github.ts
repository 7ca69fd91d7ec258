/**
 * GitHub events for ../webhook-streams.ts: repository and sender on every event; node ids and
 * SHAs; ISO timestamps.
 */
import type { JsonObject, Stream } from './random.js';

const REPOS = ['rehook', 'webhooks-demo', 'infra'];

function githubUser(s: Stream, user = s.random.pick(s.users)): JsonObject {
  return {
    login: user.login,
    id: user.id,
    node_id: `MDQ6VXNlcj${s.random.base62(6)}=`,
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    html_url: `https://github.com/${user.login}`,
    type: s.random.chance(0.97) ? 'User' : 'Bot',
    site_admin: false,
  };
}

function githubRepository(s: Stream): JsonObject {
  const name = s.random.pick(REPOS);
  return {
    id: 700_000_000 + REPOS.indexOf(name),
    node_id: `R_kgDOK${s.random.base62(6)}`,
    name,
    full_name: `acme/${name}`,
    private: name === 'infra',
    owner: { login: 'acme', id: 4_242_424, type: 'Organization', html_url: 'https://github.com/acme' },
    html_url: `https://github.com/acme/${name}`,
    description: name === 'infra' ? null : 'Webhooks you can see',
    fork: false,
    created_at: '2023-03-14T09:26:53Z',
    updated_at: s.iso(s.clock - s.random.int(0, 86_400)),
    pushed_at: s.iso(s.clock),
    default_branch: 'main',
    language: name === 'infra' ? 'HCL' : 'TypeScript',
    stargazers_count: s.random.int(10, 5000),
    open_issues_count: s.random.int(0, 200),
    topics: s.random.chance(0.5) ? ['webhooks', 'typescript'] : [],
    visibility: name === 'infra' ? 'private' : 'public',
  };
}

export function githubPush(s: Stream): JsonObject {
  s.tick();
  const commits = Array.from(
    {
      length: s.random.weighted([
        [1, 60],
        [2, 25],
        [3, 10],
        [0, 5],
      ] as const),
    },
    () => {
      const author = s.name();
      const sha = s.random.hex(40);
      return {
        id: sha,
        tree_id: s.random.hex(40),
        distinct: true,
        message: s.random.pick(['Fix the flaky test', 'Bump deps', 'Add drift settings', 'Docs: typo']),
        timestamp: s.iso(s.clock, '+01:00'),
        url: `https://github.com/acme/rehook/commit/${sha}`,
        author: { name: author, email: s.email(author), username: s.random.pick(s.users).login },
        committer: { name: 'GitHub', email: 'noreply@github.com', username: 'web-flow' },
        added: s.random.chance(0.3) ? [`src/${s.random.base62(6).toLowerCase()}.ts`] : [],
        removed: [],
        modified: [`src/${s.random.pick(['server', 'cli', 'store'])}.ts`],
      } satisfies JsonObject;
    },
  );
  const pusher = s.random.pick(s.users);
  return {
    ref: s.random.weighted([
      ['refs/heads/main', 60],
      [`refs/heads/feature-${s.random.int(1, 400)}`, 40],
    ] as const),
    before: s.random.hex(40),
    after: s.random.hex(40),
    repository: githubRepository(s),
    pusher: { name: pusher.login, email: `${pusher.id}+${pusher.login}@users.noreply.github.com` },
    organization: { login: 'acme', id: 4_242_424, url: 'https://api.github.com/orgs/acme' },
    sender: githubUser(s, pusher),
    created: s.random.chance(0.05),
    deleted: false,
    forced: s.random.chance(0.03),
    base_ref: null,
    compare: `https://github.com/acme/rehook/compare/${s.random.hex(12)}...${s.random.hex(12)}`,
    commits,
    head_commit: commits[commits.length - 1] ?? null,
  };
}

export function githubPullRequest(s: Stream, action: 'opened' | 'closed'): JsonObject {
  s.tick();
  const number = s.random.int(1, 3000);
  const merged = action === 'closed' && s.random.chance(0.8);
  const user = githubUser(s);
  return {
    action,
    number,
    pull_request: {
      url: `https://api.github.com/repos/acme/rehook/pulls/${number}`,
      id: s.random.int(1_000_000_000, 2_000_000_000),
      node_id: `PR_kwDOK${s.random.base62(10)}`,
      html_url: `https://github.com/acme/rehook/pull/${number}`,
      number,
      state: action === 'opened' ? 'open' : 'closed',
      locked: false,
      title: s.random.pick(['Drift that means a change', 'Fix replay to localhost', 'Teams page']),
      user,
      body: s.random.chance(0.7) ? 'What this changes and why.' : null,
      created_at: s.iso(s.clock - s.random.int(0, 500_000)),
      updated_at: s.iso(s.clock),
      closed_at: action === 'closed' ? s.iso(s.clock) : null,
      merged_at: merged ? s.iso(s.clock) : null,
      merge_commit_sha: action === 'closed' || s.random.chance(0.5) ? s.random.hex(40) : null,
      assignee: null,
      assignees: [],
      requested_reviewers: s.random.chance(0.4) ? [githubUser(s)] : [],
      labels: s.random.chance(0.3)
        ? [
            {
              id: s.random.int(1, 9_000_000),
              name: s.random.pick(['bug', 'enhancement', 'docs']),
              color: 'd73a4a',
              default: true,
            },
          ]
        : [],
      milestone: null,
      draft: action === 'opened' && s.random.chance(0.2),
      head: { label: `acme:feature-${number}`, ref: `feature-${number}`, sha: s.random.hex(40) },
      base: { label: 'acme:main', ref: 'main', sha: s.random.hex(40) },
      author_association: s.random.weighted([
        ['MEMBER', 70],
        ['CONTRIBUTOR', 20],
        ['NONE', 10],
      ] as const),
      auto_merge: null,
      merged,
      mergeable: action === 'opened' ? null : s.random.chance(0.9),
      comments: s.random.int(0, 20),
      commits: s.random.int(1, 30),
      additions: s.random.int(0, 2000),
      deletions: s.random.int(0, 800),
      changed_files: s.random.int(1, 40),
    },
    repository: githubRepository(s),
    organization: { login: 'acme', id: 4_242_424, url: 'https://api.github.com/orgs/acme' },
    sender: user,
  };
}

export function githubIssueOpened(s: Stream): JsonObject {
  s.tick();
  const number = s.random.int(1, 3000);
  const user = githubUser(s);
  return {
    action: 'opened',
    issue: {
      url: `https://api.github.com/repos/acme/rehook/issues/${number}`,
      id: s.random.int(1_000_000_000, 2_000_000_000),
      node_id: `I_kwDOK${s.random.base62(10)}`,
      number,
      title: s.random.pick(['Replay fails on localhost', 'Dark mode contrast', 'Crash on big body']),
      user,
      labels: [],
      state: 'open',
      locked: false,
      assignee: null,
      assignees: [],
      milestone: null,
      comments: 0,
      created_at: s.iso(s.clock),
      updated_at: s.iso(s.clock),
      closed_at: null,
      author_association: s.random.weighted([
        ['NONE', 60],
        ['CONTRIBUTOR', 25],
        ['MEMBER', 15],
      ] as const),
      body: s.random.chance(0.85) ? 'Steps to reproduce: ...' : null,
      reactions: {
        url: `https://api.github.com/repos/acme/rehook/issues/${number}/reactions`,
        total_count: 0,
        '+1': 0,
        '-1': 0,
      },
      state_reason: null,
    },
    repository: githubRepository(s),
    organization: { login: 'acme', id: 4_242_424, url: 'https://api.github.com/orgs/acme' },
    sender: user,
  };
}
