// The types of vitest.mjs, for packages whose own tsconfig does not read JavaScript.
export declare const sharedModules: { readonly isolate: false };
export declare const twoFilesAtATime: { readonly maxWorkers: 2 };
