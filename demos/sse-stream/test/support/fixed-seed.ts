// Property tests run on one fixed seed, so a run is repeatable: the same code passes or fails the same way
// every time. FC_SEED=<n> explores other inputs by hand; a counterexample found so becomes a plain case.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261205) });
