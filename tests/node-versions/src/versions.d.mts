// The types of versions.mjs for the tests (the file itself stays JavaScript: CI runs it before pnpm install).
export declare const OLDEST: string;
export declare const NEWEST: readonly string[];
export declare const VERSIONS: readonly string[];
export declare const PACKAGE: string;
export declare function prefixOf(version: string): string;
export declare function binaryOf(version: string): string | undefined;
