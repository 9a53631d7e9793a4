// Loaded with `node --import` before the conformance suite: see fs-glob-hooks.mjs.
import { register } from 'node:module';

register('./fs-glob-hooks.mjs', import.meta.url);
