/** The mistakes faulty-server.ts can make, one per run, chosen by its first argument. */
export const FAULTS = ['pretty', 'buffered', 'flush-once', 'three-writes', 'log-on-stdout'] as const;
export type Fault = (typeof FAULTS)[number];

export const FAULTY_SERVER = 'lessons/faulty-server.ts';
