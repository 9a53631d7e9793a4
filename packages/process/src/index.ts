export {
  type EntryOptions,
  type EntryRun,
  type Exit,
  entryArgs,
  type RunningEntry,
  type RunOptions,
  runEntry,
  runNode,
  startEntry,
  startNode,
} from './entry.ts';
export { type Listening, listen } from './listen.ts';
export { listeningAddresses, portIsClosed, processIsGone } from './ports.ts';
export { closeOnSignals, type StopSignal } from './signals.ts';
export { serveStatic } from './static-files.ts';
