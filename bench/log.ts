/** A progress line of `npm run bench` on stderr (stdout carries only the results). */
export const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};
