import { useState } from 'preact/hooks';
import { client, type InboxResponse } from '../../api.js';
import {
  type AnswerDraft,
  answerDraft,
  contractAnswer,
  newRule,
  type RuleDraft,
  responseInput,
  ruleDrafts,
} from '../../lib/response-draft.js';
import { ConfirmButton } from '../ConfirmButton.js';
import { Time } from '../Time.js';
import { Icon } from '../Icon.js';
import { ResponseAnswerFields } from './ResponseAnswerFields.js';
import { ResponsePreview } from './ResponsePreview.js';
import { ResponseRuleFields } from './ResponseRuleFields.js';
import { SettingsSection } from './SettingsSection.js';
import { useSettingsForm } from '../../hooks/useSettingsForm.js';

/** What the inbox answers its senders: a default answer and rules tried in order. */
export function ResponseSettings(props: { inboxId: string }) {
  const [answer, setAnswer] = useState<AnswerDraft>(contractAnswer);
  const [rules, setRules] = useState<RuleDraft[]>([]);
  const showDrafts = (response: InboxResponse | null) => {
    setAnswer(response === null ? contractAnswer() : answerDraft(response));
    setRules(ruleDrafts(response));
  };
  const form = useSettingsForm(props.inboxId, (id) => client.inboxResponse(id), showDrafts);
  const show = (response: InboxResponse | null) => {
    form.setCurrent(response);
    showDrafts(response);
  };
  const loaded = form.current;

  const update = (index: number, change: Partial<RuleDraft>) =>
    setRules(rules.map((rule, i) => (i === index ? { ...rule, ...change } : rule)));
  const move = (index: number, by: number) => {
    const next = [...rules];
    const [rule] = next.splice(index, 1);
    if (rule) next.splice(index + by, 0, rule);
    setRules(next);
  };

  return (
    <SettingsSection
      id="response"
      icon="bolt"
      title="Response"
      status={
        loaded === undefined ? (
          ''
        ) : loaded === null ? (
          'The inbox answers 200 {"ok":true} (the default).'
        ) : (
          <>
            Set <Time iso={loaded.updatedAt} />.
          </>
        )
      }
      loading={form.loading}
      loadingLabel="Loading the response"
      description="What senders get back. Rules are tried in order; the first that matches gives its answer, else the default. Each request records which answer it got."
      error={form.error}
      saved={form.saved}
      saveLabel="Save response"
      onSubmit={(event) =>
        form.submit(event, async () => {
          const input = responseInput(answer, rules);
          show(await client.setInboxResponse(props.inboxId, input));
          return 'Saved: the inbox answers this from now on.';
        })
      }
      actions={
        <>
          <button type="button" class="btn" onClick={() => setRules([...rules, newRule()])}>
            <Icon name="plus" />
            <span>Add a rule</span>
          </button>
          <span class="spacer" />
          {loaded !== null && loaded !== undefined && (
            <ConfirmButton
              label="Reset to 200"
              confirmLabel="Answer 200 {ok:true} again"
              class="btn-ghost"
              onConfirm={() =>
                form.act(async () => {
                  await client.clearInboxResponse(props.inboxId);
                  show(null);
                  return 'Cleared: the inbox answers 200 {"ok":true} again.';
                })
              }
            />
          )}
        </>
      }
    >
      <ResponseAnswerFields idPrefix="answer-default" legend="Default answer" draft={answer} onChange={setAnswer} />
      <ol class="rule-list">
        {rules.map((rule, index) => (
          <li key={rule.key} class="rule" data-testid="response-rule">
            <ResponseRuleFields
              rule={rule}
              index={index}
              count={rules.length}
              onChange={(change) => update(index, change)}
              onMove={(by) => move(index, by)}
              onRemove={() => setRules(rules.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ol>
      <ResponsePreview inboxId={props.inboxId} input={() => responseInput(answer, rules)} />
    </SettingsSection>
  );
}
