/** See patience.mjs. */
export declare function patience(): number;
export declare const scaled: (ms: number) => number;
export declare const MAX_PATIENCE: number;
export declare const longest: (ms: number) => number;
