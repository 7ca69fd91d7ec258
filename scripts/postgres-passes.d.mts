export declare const POSTGRES_PASS_EXEMPT: readonly string[];
export declare const POSTGRES_LONG_PASS: readonly string[];
export declare function hasPostgresMode(root: string, file: string): boolean;
export declare function postgresPasses(root: string, files: readonly string[]): { npmTest: string[]; long: string[] };
