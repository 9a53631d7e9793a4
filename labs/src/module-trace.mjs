// Started with `node --import <this file> server.ts`, it records every module the learner's server resolves
// (static, dynamic and computed imports alike), one JSON line each, into the file KIT_LAB_MODULE_TRACE names.
// The check reads it after talking to the server. Node's public hook API (module.register), nothing patched.
import { register } from 'node:module';

const file = process.env.KIT_LAB_MODULE_TRACE;
if (file) register('./module-trace-hook.mjs', { parentURL: import.meta.url, data: { file } });
