export { runDeliveries as run } from './forwarding.js';
