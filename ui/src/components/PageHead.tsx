import { type ComponentChildren, Fragment } from 'preact';
import { Link } from './Link.js';

/** A page above the current one, in its breadcrumbs. */
export interface Crumb {
  readonly href: string;
  readonly label: ComponentChildren;
  readonly class?: string;
}

/** Where a page sits: a link to each page above it, then the page itself (not a link). */
export function Breadcrumbs(props: { trail: readonly Crumb[]; current: ComponentChildren }) {
  return (
    <nav class="breadcrumbs small muted" aria-label="Breadcrumb">
      {props.trail.map((crumb) => (
        <Fragment key={crumb.href}>
          <Link href={crumb.href} class={crumb.class}>
            {crumb.label}
          </Link>{' '}
          <span aria-hidden="true">›</span>{' '}
        </Fragment>
      ))}
      <span aria-current="page">{props.current}</span>
    </nav>
  );
}

/** A page's title and the line under it; `children` go beside them (the page's own actions). */
export function PageHead(props: { title: ComponentChildren; note: ComponentChildren; children?: ComponentChildren }) {
  return (
    <header class="page-head">
      <div>
        <h1>{props.title}</h1>
        <p class="muted small">{props.note}</p>
      </div>
      {props.children}
    </header>
  );
}
