export declare const FILE_TIMEOUT_MS: number;
export declare function nodeTestArgs(files: readonly string[], options?: { timeoutMs?: number }): string[];
