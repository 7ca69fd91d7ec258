import { EventEmitter } from 'node:events';
import type { EventSummary } from '../domain/captured-request.js';
import type { ControlMessage, EventBus } from '../ports/event-bus.js';

/** In-process fan-out for a single instance (SQLite). Subscribers are keyed by inbox id. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  // Many live viewers of one inbox are normal; the default cap of 10 would only log warnings.
  emitter.setMaxListeners(0);
  // Control messages on their own emitter: no inbox id can collide with their key.
  const control = new EventEmitter();
  control.setMaxListeners(0);
  return {
    publish(event) {
      if (emitter.listenerCount(event.inboxId) === 0) return;
      emitter.emit(event.inboxId, event);
    },
    subscribe(inboxId, onEvent: (event: EventSummary) => void) {
      emitter.on(inboxId, onEvent);
      return () => emitter.off(inboxId, onEvent);
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
