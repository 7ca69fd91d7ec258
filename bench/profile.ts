// Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time per function and per area, and
// inclusive time of Rehook's own functions. Only the summary is kept; the profile is deleted.

export interface CpuProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
    readonly columnNumber: number;
  };
  readonly hitCount?: number;
  readonly children?: readonly number[];
}

export interface CpuProfile {
  readonly nodes: readonly CpuProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

export interface ProfileSummary {
  readonly date: string;
  readonly scenario: string;
  readonly load: { rps: number; p50: number; p99: number; seconds: number };
  readonly totalMs: number;
  /** Self time of everything but idle. */
  readonly busyMs: number;
  readonly top: { name: string; location: string; category: string; selfMs: number; selfPct: number }[];
  readonly byCategory: { category: string; selfMs: number; selfPct: number }[];
  /** Inclusive time of Rehook's functions (dist/src), recursion counted once. */
  readonly rehookInclusive: { name: string; location: string; totalMs: number; totalPct: number }[];
}

function shortUrl(url: string): string {
  if (url === '') return '';
  const dist = url.indexOf('/dist/');
  if (dist >= 0) return url.slice(dist + '/dist/'.length);
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) return url.slice(nm + '/node_modules/'.length);
  return url.replace(/^file:\/\//, '');
}

/** Coarse area of a frame, to see where the time goes at a glance. */
export function categorize(node: CpuProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8/native outside JS ((program))';
  if (url === '') return 'native calls from JS (incl. better-sqlite3 / SQLite, fsync, writev)';
  if (url.includes('/dist/src/')) return 'Rehook code (dist/src)';
  if (url.includes('/node_modules/')) {
    const after = url.slice(url.lastIndexOf('/node_modules/') + '/node_modules/'.length);
    const pkg = after.startsWith('@') ? after.split('/').slice(0, 2).join('/') : (after.split('/')[0] ?? after);
    return `npm: ${pkg}`;
  }
  if (url.startsWith('node:')) {
    const mod = url.slice('node:'.length);
    if (/^_http_|^http$|internal\/http/.test(mod)) return 'Node http (parser, server, outgoing)';
    if (/^net$|stream_base|internal\/streams|^stream/.test(mod)) return 'Node net/streams';
    if (/timers|process\/task_queues|async_hooks|events/.test(mod)) return 'Node event loop (timers, ticks, events)';
    return `Node other (${mod.split('/').slice(-1)[0] ?? mod})`;
  }
  return 'other';
}

export function summarizeProfile(
  profile: CpuProfile,
  load: ProfileSummary['load'] & { date: string; scenario: string },
): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  if (samples.length > 0 && deltas.length === samples.length) {
    // timeDeltas[i] is the time before sample i; the time a sample stands for is the next delta.
    for (let i = 0; i < samples.length; i += 1) {
      const id = samples[i] ?? -1;
      const us = deltas[i + 1] ?? deltas[i] ?? 0;
      selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, us));
    }
  } else {
    const total = profile.endTime - profile.startTime;
    const hits = profile.nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0) || 1;
    for (const n of profile.nodes) selfUs.set(n.id, ((n.hitCount ?? 0) / hits) * total);
  }
  const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const idleUs = profile.nodes
    .filter((n) => n.callFrame.functionName === '(idle)')
    .reduce((a, n) => a + (selfUs.get(n.id) ?? 0), 0);
  const busyUs = totalUs - idleUs;
  const key = (n: CpuProfileNode): string =>
    `${n.callFrame.functionName || '(anonymous)'}\u0000${shortUrl(n.callFrame.url)}${n.callFrame.url === '' ? '' : `:${n.callFrame.lineNumber + 1}`}`;

  const perFunction = new Map<string, { us: number; category: string }>();
  const perCategory = new Map<string, number>();
  for (const n of profile.nodes) {
    const us = selfUs.get(n.id) ?? 0;
    if (us === 0) continue;
    const category = categorize(n);
    if (category === 'idle') continue;
    const k = key(n);
    const entry = perFunction.get(k) ?? { us: 0, category };
    entry.us += us;
    perFunction.set(k, entry);
    perCategory.set(category, (perCategory.get(category) ?? 0) + us);
  }

  // Inclusive time per Rehook function: total of a node's subtree, each function counted once per stack.
  const inclusive = new Map<string, number>();
  const subtree = new Map<number, number>();
  const total = (id: number): number => {
    const cached = subtree.get(id);
    if (cached !== undefined) return cached;
    const node = byId.get(id);
    let sum = selfUs.get(id) ?? 0;
    for (const child of node?.children ?? []) sum += total(child);
    subtree.set(id, sum);
    return sum;
  };
  const root = profile.nodes[0];
  if (root !== undefined) {
    const onStack = new Map<string, number>();
    const walk = (id: number): void => {
      const node = byId.get(id);
      if (!node) return;
      const isRehook = node.callFrame.url.includes('/dist/src/');
      const k = key(node);
      if (isRehook) {
        if ((onStack.get(k) ?? 0) === 0) inclusive.set(k, (inclusive.get(k) ?? 0) + total(id));
        onStack.set(k, (onStack.get(k) ?? 0) + 1);
      }
      for (const child of node.children ?? []) walk(child);
      if (isRehook) onStack.set(k, (onStack.get(k) ?? 1) - 1);
    };
    walk(root.id);
  }

  const split = (k: string): { name: string; location: string } => {
    const [name = '', location = ''] = k.split('\u0000');
    return { name, location: location === '' ? '(native)' : location };
  };
  const pctOf = (us: number): number => (busyUs > 0 ? (us / busyUs) * 100 : 0);
  return {
    date: load.date,
    scenario: load.scenario,
    load: { rps: load.rps, p50: load.p50, p99: load.p99, seconds: load.seconds },
    totalMs: totalUs / 1000,
    busyMs: busyUs / 1000,
    top: [...perFunction.entries()]
      .sort((x, y) => y[1].us - x[1].us)
      .slice(0, 30)
      .map(([k, v]) => ({ ...split(k), category: v.category, selfMs: v.us / 1000, selfPct: pctOf(v.us) })),
    byCategory: [...perCategory.entries()]
      .sort((x, y) => y[1] - x[1])
      .map(([category, us]) => ({ category, selfMs: us / 1000, selfPct: pctOf(us) })),
    rehookInclusive: [...inclusive.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 20)
      .map(([k, us]) => ({ ...split(k), totalMs: us / 1000, totalPct: pctOf(us) })),
  };
}

export function formatProfile(summary: ProfileSummary): string {
  const lines = [
    `CPU profile of the Rehook server under ${summary.scenario}: ${Math.round(summary.load.rps)} req/s, p99 ${summary.load.p99.toFixed(2)} ms while profiled`,
    `busy ${Math.round(summary.busyMs)} ms of ${Math.round(summary.totalMs)} ms sampled (percentages are of busy time)`,
    '',
    'Self time by area:',
    ...summary.byCategory
      .slice(0, 12)
      .map(
        (c) =>
          `  ${c.selfPct.toFixed(1).padStart(5)}%  ${Math.round(c.selfMs).toString().padStart(6)} ms  ${c.category}`,
      ),
    '',
    'Top functions by self time:',
    ...summary.top
      .slice(0, 25)
      .map(
        (f) =>
          `  ${f.selfPct.toFixed(1).padStart(5)}%  ${Math.round(f.selfMs).toString().padStart(6)} ms  ${f.name}  ${f.location}`,
      ),
    '',
    "Rehook's functions by inclusive time:",
    ...summary.rehookInclusive
      .slice(0, 15)
      .map(
        (f) =>
          `  ${f.totalPct.toFixed(1).padStart(5)}%  ${Math.round(f.totalMs).toString().padStart(6)} ms  ${f.name}  ${f.location}`,
      ),
  ];
  return lines.join('\n');
}
