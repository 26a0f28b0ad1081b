/** See patience.mjs. */
export declare function patience(): number;
export declare const scaled: (ms: number) => number;
