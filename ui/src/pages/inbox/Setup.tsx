import type { InboxView as Inbox } from '../../api.js';
import { CopyButton } from '../../components/Copy.js';
import { Icon } from '../../components/Icon.js';
import { CodeBlock } from '../../components/CodeBlock.js';
import './Setup.css';

/** A curl command that sends a JSON request to the inbox. */
function exampleCurl(url: string): string {
  return `curl -X POST '${url}/hooks/test?source=curl' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"event":"order.paid","amount":4200}'`;
}

/** What the detail pane shows with no event open: how to send the first request. */
export function Setup(props: { inbox: Inbox; readOnly: boolean; hasEvents: boolean }) {
  const example = exampleCurl(props.inbox.url);
  return (
    <div class="setup">
      {props.hasEvents ? (
        <div class="setup-hint">
          <Icon name="eye" />
          <p>Select a request to inspect it{props.readOnly ? '' : ', replay it or copy it as curl'}.</p>
        </div>
      ) : null}
      <section class="card" aria-labelledby="try-title">
        <header class="card-head">
          <h2 id="try-title">
            <Icon name="terminal" /> Try it
          </h2>
          <span class="spacer" />
          <CopyButton text={example} label="Copy command" />
        </header>
        <CodeBlock class="code code-shell" label="Example curl command" testId="example-curl">
          {example}
        </CodeBlock>
        <p class="muted small">
          Or point your provider's webhook settings (Stripe, GitHub, Shopify…) at the URL above.
        </p>
      </section>
    </div>
  );
}
