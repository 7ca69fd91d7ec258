/** Light and dark themes: the system's preference unless the person picked one. */
import { rememberTheme, themeChoice, type ThemeChoice } from './lib/storage.js';

export function applyTheme(choice: ThemeChoice = themeChoice()): void {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

export function cycleTheme(): ThemeChoice {
  const order: ThemeChoice[] = ['system', 'light', 'dark'];
  const next = order[(order.indexOf(themeChoice()) + 1) % order.length] ?? 'system';
  rememberTheme(next);
  applyTheme(next);
  return next;
}
