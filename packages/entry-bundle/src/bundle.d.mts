// The types of bundle.mjs for the kit's TypeScript (the file itself stays JavaScript: it runs before any loader).
export declare const ROOT: string;
export declare const CACHE_DIR: string;
export declare function keyOf(entryPath: string): string;
export declare function freshBundle(entryPath: string): string | undefined;
export declare function buildBundle(entryPath: string): Promise<string>;
