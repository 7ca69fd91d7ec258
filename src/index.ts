/**
 * The `rehook` package's main entry: the typed client of the Rehook REST API.
 *
 *   import { RehookClient } from 'rehook';
 */
export * from './client/index.js';
