/**
 * The listener's output lines, written in batches: a line per event is a write(2) per event on
 * a pipe or a terminal (Node writes to both synchronously on Linux), which cost a catching-up
 * listener more than the delivery itself. Lines are collected and written together at most
 * `delayMs` after the first of them (or once `maxChars` have piled up), in order; flush() writes
 * what is left (before the summary, and before exiting on a second signal).
 */
export class LineBuffer {
  readonly #write: (text: string) => void;
  readonly #delayMs: number;
  readonly #maxChars: number;
  #lines: string[] = [];
  #chars = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(write: (text: string) => void, delayMs = 50, maxChars = 64 * 1024) {
    this.#write = write;
    this.#delayMs = delayMs;
    this.#maxChars = maxChars;
  }

  /** Takes one line (without its newline). */
  readonly line = (text: string): void => {
    this.#lines.push(text);
    this.#chars += text.length + 1;
    if (this.#chars >= this.#maxChars) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), this.#delayMs);
  };

  /** Writes the lines collected so far, as one write (the writer adds the last newline). */
  flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#lines.length === 0) return;
    const text = this.#lines.join('\n');
    this.#lines = [];
    this.#chars = 0;
    this.#write(text);
  }
}
