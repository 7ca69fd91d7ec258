import type { AnchorHTMLAttributes } from 'preact';
import { linkClick } from '../router.js';

/** In-app link (navigates without reloading). `href` is always built by the app, never taken from captured data. */
export function Link({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a href={href} {...rest} onClick={linkClick} />;
}
