// The types of versions.mjs for the tests (the file itself stays JavaScript: a script may read it before pnpm install).
export declare const LTS: readonly string[];
export declare const OLDEST: string;
export declare const VERSIONS: readonly string[];
