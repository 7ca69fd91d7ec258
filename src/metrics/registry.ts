/**
 * A small Prometheus registry: counters and histograms with labels, and gauges read when
 * scraped, rendered in the text exposition format (version 0.0.4). Enough for Rehook's few
 * metrics without a dependency.
 */

/** Content-Type of the Prometheus text format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Labels = Readonly<Record<string, string>>;

interface Metric {
  render(): string[];
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function escapeHelp(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function labelText(labels: Labels): string {
  const keys = Object.keys(labels).sort();
  if (keys.length === 0) return '';
  return `{${keys.map((key) => `${key}="${escapeLabel(labels[key] as string)}"`).join(',')}}`;
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function header(name: string, help: string, type: string): string[] {
  return [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];
}

export class Counter implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();

  constructor(
    readonly name: string,
    private readonly help: string,
    /** Label sets shown as 0 before anything is counted, so rates work from the first scrape. */
    initial: readonly Labels[] = [{}],
  ) {
    for (const labels of initial) this.inc(labels, 0);
  }

  inc(labels: Labels = {}, by = 1): void {
    this.entry(labels).value += by;
  }

  /**
   * An incrementer bound to one label set, for hot paths (every ingest request): the label text
   * is rendered once here instead of on every increment.
   */
  bind(labels: Labels = {}): (by?: number) => void {
    const entry = this.entry(labels);
    return (by = 1) => {
      entry.value += by;
    };
  }

  private entry(labels: Labels): { labels: Labels; value: number } {
    const key = labelText(labels);
    let entry = this.values.get(key);
    if (!entry) {
      entry = { labels, value: 0 };
      this.values.set(key, entry);
    }
    return entry;
  }

  get(labels: Labels = {}): number {
    return this.values.get(labelText(labels))?.value ?? 0;
  }

  render(): string[] {
    const lines = header(this.name, this.help, 'counter');
    for (const [key, { value }] of this.values) lines.push(`${this.name}${key} ${formatNumber(value)}`);
    return lines;
  }
}

/** A gauge whose samples are read when scraped. */
export class Gauge implements Metric {
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly collect: () => ReadonlyArray<{ labels?: Labels; value: number }>,
  ) {}

  render(): string[] {
    const lines = header(this.name, this.help, 'gauge');
    for (const sample of this.collect()) {
      lines.push(`${this.name}${labelText(sample.labels ?? {})} ${formatNumber(sample.value)}`);
    }
    return lines;
  }
}

export class Histogram implements Metric {
  private readonly counts: number[];
  private sum = 0;
  private count = 0;

  constructor(
    readonly name: string,
    private readonly help: string,
    /** Upper bounds, ascending (seconds for durations). */
    private readonly buckets: readonly number[],
  ) {
    this.counts = buckets.map(() => 0);
  }

  observe(value: number): void {
    this.sum += value;
    this.count += 1;
    for (let i = 0; i < this.buckets.length; i += 1) {
      if (value <= (this.buckets[i] as number)) this.counts[i] = (this.counts[i] as number) + 1;
    }
  }

  get observations(): number {
    return this.count;
  }

  render(): string[] {
    const lines = header(this.name, this.help, 'histogram');
    this.buckets.forEach((bound, i) => {
      lines.push(`${this.name}_bucket{le="${formatNumber(bound)}"} ${this.counts[i] as number}`);
    });
    lines.push(`${this.name}_bucket{le="+Inf"} ${this.count}`);
    lines.push(`${this.name}_sum ${formatNumber(this.sum)}`);
    lines.push(`${this.name}_count ${this.count}`);
    return lines;
  }
}

export class Registry {
  private readonly metrics: Metric[] = [];

  register<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }

  /** The exposition text: every metric, each with HELP and TYPE, ending with a newline. */
  render(): string {
    return `${this.metrics.flatMap((metric) => metric.render()).join('\n')}\n`;
  }
}
