// Never started: pnpm connect only needs the entry to exist to print the line that starts it.
export {};
