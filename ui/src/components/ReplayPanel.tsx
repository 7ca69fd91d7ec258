import { useEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { client, errorMessage, isRehookError, type EventDetail, type Replay, type ReplayOptions } from '../api.js';
import {
  editBase,
  type FormField,
  initialReplayForm,
  type ReplayFormAction,
  type ReplayFormState,
  repeatTimes,
  replayEdits,
  replayFormReducer,
  uneditedDraft,
} from '../lib/replay-form.js';
import { rememberReplayDestination, replayDestination } from '../lib/storage.js';
import { paths } from '../router.js';
import { useSession } from '../session.js';
import { revealInPane } from '../lib/reveal.js';
import { Link } from './Link.js';
import { Spinner } from './notes.js';
import { Icon } from './Icon.js';
import { CheckField, NumberInput, SubmitButton, UrlInput } from './fields.js';
import { ReplayEditFields } from './ReplayEditFields.js';
import { ReplayHistory } from './ReplayHistory.js';
import { ReplayResult, RunSummary } from './ReplayResult.js';
import './ReplayPanel.css';

/**
 * Replay from the event page: a destination (remembered per inbox in this browser), optional
 * edits (method, path, query, headers, body), repeat and re-sign; the result (status, latency,
 * response headers and body), and the event's replay history where each replay shows what was
 * actually sent beside the original. A refused or unreachable destination shows the service's
 * own message.
 */
export function ReplayPanel(props: { inboxId: string; event: EventDetail }) {
  const { event } = props;
  const session = useSession();
  const base = useMemo(() => editBase(event), [event.id]);
  const [state, dispatch] = useReducer(replayFormReducer, undefined, () =>
    initialReplayForm(base, replayDestination(props.inboxId)),
  );
  // Bumped when a replay settles: the outcome is then brought into view and focused.
  const [settled, setSettled] = useState(0);
  const outcome = useRef<HTMLElement>(null);
  // Bumped when the form is refused before sending: its message, beside the button, takes focus.
  const [invalid, setInvalid] = useState(0);
  const formError = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (invalid === 0 || formError.current === null) return;
    formError.current.scrollIntoView({ block: 'nearest' });
    formError.current.focus({ preventScroll: true });
  }, [invalid]);
  useEffect(() => {
    if (settled === 0 || outcome.current === null) return;
    // With the edit fields open the outcome lands below the fold: without this the click seems
    // to do nothing. Focus takes a keyboard or screen reader user there too.
    revealInPane(outcome.current);
    outcome.current.focus({ preventScroll: true });
  }, [settled]);
  const setField = <K extends FormField>(field: K, value: ReplayFormState[K]) =>
    dispatch({ type: 'field', field, value } as ReplayFormAction);

  const loadHistory = async () => {
    try {
      dispatch({ type: 'history', history: await client.replays(event.id) });
    } catch (err) {
      dispatch({ type: 'history-failed', message: errorMessage(err) });
    }
  };

  useEffect(() => {
    dispatch({ type: 'event-changed' });
    if (session.account) void loadHistory();
  }, [event.id, session.account?.id]);

  if (session.account === undefined) return <Spinner />;
  if (session.account === null) {
    return (
      <div class="note">
        <Icon name="lock" />
        <span>
          Replaying needs an account. <Link href={paths.signin(location.pathname)}>Sign in</Link> or{' '}
          <Link href={paths.signup(location.pathname)}>create one</Link>.
        </span>
      </div>
    );
  }

  const submit = async (submitted: Event) => {
    submitted.preventDefault();
    const target = state.destination.trim();
    if (target === '') return;
    let options: ReplayOptions;
    let times: number;
    try {
      times = repeatTimes(state.repeat);
      options = { destination: target, ...replayEdits(state, base) };
    } catch (err) {
      dispatch({ type: 'invalid', message: errorMessage(err) });
      setInvalid((count) => count + 1);
      return;
    }
    rememberReplayDestination(props.inboxId, target);
    dispatch({ type: 'sending' });
    try {
      if (times > 1) {
        const run = await client.replay(event.id, { ...options, repeat: times });
        dispatch({ type: 'sent', run, shown: run.replays[run.replays.length - 1] ?? null });
      } else {
        const shown = await client.replay(event.id, options as ReplayOptions & { readonly repeat?: undefined });
        dispatch({ type: 'sent', run: null, shown });
      }
    } catch (err) {
      dispatch({
        type: 'failed',
        failure: { code: isRehookError(err) ? err.code : 'ERROR', message: errorMessage(err) },
      });
    } finally {
      dispatch({ type: 'settled' });
      setSettled((count) => count + 1);
      void loadHistory();
    }
  };

  const show = (replay: Replay) => dispatch({ type: 'show', replay });
  return (
    <div class="replay">
      <form class="replay-form" onSubmit={submit}>
        <label for="replay-destination" class="label">
          Destination URL
        </label>
        <div class="input-row">
          <UrlInput
            id="replay-destination"
            placeholder="https://example.com/webhooks"
            value={state.destination}
            onChange={(value) => setField('destination', value)}
          />
          <SubmitButton icon="send" label={state.busy ? 'Replaying…' : 'Replay'} busy={state.busy} />
        </div>
        {state.formError !== null && (
          <p
            ref={formError}
            class="note note-error"
            role="alert"
            tabIndex={-1}
            id="replay-form-error"
            data-testid="replay-form-error"
          >
            <Icon name="alert" />
            <span>{state.formError}</span>
          </p>
        )}
        <p class="muted small">
          Rehook sends the captured method, headers and exact body bytes from the server, or your edits. The destination
          is remembered for this inbox in this browser.
        </p>
        <div class="replay-options">
          <CheckField checked={state.editing} onChange={(checked) => setField('editing', checked)}>
            Edit the request first
          </CheckField>
          <CheckField checked={state.resign} onChange={(checked) => setField('resign', checked)}>
            Re-sign (fresh timestamp, the inbox's signature secret)
          </CheckField>
          <span class="repeat-field">
            <label for="replay-repeat">Times</label>
            <NumberInput
              id="replay-repeat"
              class="input num-input"
              min={1}
              max={100}
              step={1}
              value={state.repeat}
              onChange={(value) => setField('repeat', value)}
            />
          </span>
        </div>
        {state.editing && (
          <ReplayEditFields
            event={event}
            base={base}
            draft={state}
            onChange={setField}
            onReset={() => dispatch({ type: 'reset-edits', draft: uneditedDraft(base) })}
          />
        )}
      </form>

      <section
        ref={outcome}
        class="replay-outcome"
        tabIndex={-1}
        aria-label="Replay outcome"
        data-testid="replay-outcome"
      >
        <span class="visually-hidden" role="status">
          {state.busy ? '' : outcomeAnnouncement(state)}
        </span>
        {state.failure !== null && (
          <div class="note note-error" role="alert" data-testid="replay-error">
            <Icon name="alert" />
            <span>
              <strong>{state.failure.code}</strong> {state.failure.message}
            </span>
          </div>
        )}
        {state.run !== null && <RunSummary run={state.run} onShow={show} shownId={state.shown?.id ?? null} />}
        {state.shown !== null && <ReplayResult replay={state.shown} event={event} />}
      </section>
      <ReplayHistory
        history={state.history}
        error={state.historyError}
        shownId={state.shown?.id ?? null}
        onShow={show}
      />
    </div>
  );
}

/** What a screen reader hears when a replay settles (the failure note announces itself). */
function outcomeAnnouncement(state: ReplayFormState): string {
  if (state.failure !== null || state.shown === null) return '';
  const { statusCode, error } = state.shown;
  const answer = statusCode !== null ? `answered ${statusCode}` : `failed: ${error?.code ?? 'no answer'}`;
  return state.run !== null ? `Replayed ${state.run.summary.attempts} times; the last ${answer}.` : `Replay ${answer}.`;
}
