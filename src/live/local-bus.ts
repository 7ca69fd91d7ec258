import { EventEmitter } from 'node:events';
import type { EventSummary } from '../domain/captured-event.js';
import type { ControlMessage, EventBus, InboxNotice } from '../ports/event-bus.js';

/** In-process fan-out for a single instance (SQLite). Subscribers are keyed by inbox id. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  // Many live viewers of one inbox are normal; the default cap of 10 would only log warnings.
  emitter.setMaxListeners(0);
  // Deletions, keyed by inbox like events (emitted synchronously, so they keep their order).
  const notices = new EventEmitter();
  notices.setMaxListeners(0);
  // Control messages on their own emitter: no inbox id can collide with their key.
  const control = new EventEmitter();
  control.setMaxListeners(0);
  return {
    publish(event) {
      if (emitter.listenerCount(event.inboxId) === 0) return;
      emitter.emit(event.inboxId, event);
    },
    publishNotice(notice) {
      notices.emit(notice.inboxId, notice);
    },
    subscribe(inboxId, onEvent: (event: EventSummary) => void, onNotice?: (notice: InboxNotice) => void) {
      emitter.on(inboxId, onEvent);
      if (onNotice) notices.on(inboxId, onNotice);
      return () => {
        emitter.off(inboxId, onEvent);
        if (onNotice) notices.off(inboxId, onNotice);
      };
    },
    publishControl(message) {
      control.emit('control', message);
    },
    subscribeControl(onMessage: (message: ControlMessage) => void) {
      control.on('control', onMessage);
      return () => control.off('control', onMessage);
    },
  };
}
