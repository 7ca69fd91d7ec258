// docs/benchmarks.svg: the results as a bar chart, written by hand (no charting dependency).
import { fmtInt, fmtMs, fmtRatio } from './format.js';
import type { BenchResults, ScenarioSummary } from './results.js';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function shortLabel(s: ScenarioSummary): string {
  return s.label
    .replace('list first page, inbox of ', 'list, inbox of ')
    .replace(' round trip to a local destination', ' to a local destination')
    .replace(/get one event with a (.*) body/, 'get one event, $1 body')
    .replace('1024 KiB', '1 MiB');
}

/** A round step for about `count` ticks up to `max`. */
function niceStep(max: number, count: number): number {
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((m) => m >= raw);
  return step ?? 10 * magnitude;
}

/** Two panels of horizontal bars: throughput (linear) and p99 (log), Rehook vs its ceiling. */
export function renderSvg(results: BenchResults): string {
  const items = results.scenarios.filter((s) => s.kind === 'rehook');
  const ceiling = (s: ScenarioSummary): ScenarioSummary | undefined =>
    results.scenarios.find((c) => c.id === s.ceilingId);
  const labelW = 330;
  const panelW = 310;
  const plotW = panelW - 70; // room for the value labels after the bars
  const gap = 30;
  const rowH = 46;
  const top = 70;
  const bottom = top + items.length * rowH;
  const width = labelW + panelW * 2 + gap + 20;
  const height = bottom + 40;
  const x1 = labelW;
  const x2 = labelW + panelW + gap;
  const maxRps = Math.max(1, ...items.flatMap((s) => [s.rps, ceiling(s)?.rps ?? 0]).filter(Number.isFinite));
  const step = niceStep(maxRps, 4);
  const rpsMax = Math.ceil(maxRps / step) * step;
  const rpsX = (v: number): number => (Number.isFinite(v) ? (Math.max(0, v) / rpsMax) * plotW : 0);
  const p99s = items.flatMap((s) => [s.p99, ceiling(s)?.p99 ?? Number.NaN]).filter((v) => Number.isFinite(v) && v > 0);
  const lo = 0.1;
  const hi = 10 ** Math.ceil(Math.log10(Math.max(1, ...p99s)));
  const logX = (v: number): number =>
    Number.isFinite(v) ? (Math.log10(Math.max(lo, v) / lo) / Math.log10(hi / lo)) * plotW : 0;
  const blue = '#2563eb';
  const grey = '#9ca3af';
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="600">Rehook vs bare node:http, same request shape, same round (${esc(results.date.slice(0, 10))}, medians)</text>`,
    `<rect x="12" y="34" width="12" height="10" fill="${blue}"/><text x="28" y="43">Rehook (ratio to the ceiling in brackets)</text>`,
    `<rect x="290" y="34" width="12" height="10" fill="${grey}"/><text x="306" y="43">bare Node ceiling (for (f): the destination alone)</text>`,
    `<text x="${x1}" y="${top - 8}" font-weight="600">Throughput, req/s</text>`,
    `<text x="${x2}" y="${top - 8}" font-weight="600">p99 latency, ms (log scale)</text>`,
  ];
  const grid = (x: number, label: string): void => {
    parts.push(`<line x1="${x.toFixed(1)}" y1="${top}" x2="${x.toFixed(1)}" y2="${bottom}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${x.toFixed(1)}" y="${bottom + 14}" text-anchor="middle" fill="#6b7280">${esc(label)}</text>`);
  };
  for (let v = 0; v <= rpsMax + step / 2; v += step) grid(x1 + rpsX(v), fmtInt(v));
  for (let v = lo; v <= hi * 1.001; v *= 10) grid(x2 + logX(v), v >= 1 ? fmtInt(v) : v.toFixed(1));
  items.forEach((s, i) => {
    const y = top + i * rowH + 6;
    const c = ceiling(s);
    parts.push(`<text x="${labelW - 8}" y="${y + 17}" text-anchor="end">${esc(shortLabel(s))}</text>`);
    const bar = (x: number, yy: number, w: number, color: string, label: string): void => {
      const width = Math.max(1, w);
      parts.push(`<rect x="${x}" y="${yy}" width="${width.toFixed(1)}" height="14" fill="${color}"/>`);
      parts.push(`<text x="${(x + width + 4).toFixed(1)}" y="${yy + 11}" fill="#111827">${esc(label)}</text>`);
    };
    bar(x1, y, rpsX(s.rps), blue, `${fmtInt(s.rps)}${s.ratio === null ? '' : ` (${fmtRatio(s.ratio)})`}`);
    if (c) bar(x1, y + 16, rpsX(c.rps), grey, fmtInt(c.rps));
    bar(x2, y, logX(s.p99), blue, fmtMs(s.p99));
    if (c) bar(x2, y + 16, logX(c.p99), grey, fmtMs(c.p99));
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
