/**
 * A short name for a browser from its User-Agent ("Firefox on Linux"), to tell sessions apart;
 * the whole string when nothing is recognised. Only ever shown as text.
 */
export function browserName(userAgent: string | null): string {
  if (userAgent === null || userAgent === '') return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser === null) return userAgent.slice(0, 60);
  return system === null ? browser : `${browser} on ${system}`;
}
