/**
 * `rehook/testing`: start a real Rehook in-process for other projects' tests.
 * (Filled in by the typed-client work; placeholder so the package's export map resolves.)
 */
export {};
