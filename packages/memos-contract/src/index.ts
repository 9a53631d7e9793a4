// The contract package: filled in by the next commit.
export {};
