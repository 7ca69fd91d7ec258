import type { ComponentChildren } from 'preact';
import { paths } from '../router.js';
import { Link } from './Link.js';
import { Spinner } from './notes.js';

/** A whole page waiting for what it shows. */
export function PageLoading(props: { label?: string }) {
  return (
    <div class="page-loading">
      <Spinner {...(props.label !== undefined ? { label: props.label } : {})} />
    </div>
  );
}

/** A page that cannot show what was asked for: what went wrong, and where to go instead. */
export function ProblemPage(props: { title: string; message: string; actions?: ComponentChildren }) {
  return (
    <div class="page narrow">
      <h1>{props.title}</h1>
      <p class="muted">{props.message}</p>
      {props.actions ?? (
        <p>
          <Link href={paths.home()} class="btn btn-primary">
            Go to the start page
          </Link>
        </p>
      )}
    </div>
  );
}
