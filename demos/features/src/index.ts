// What others read of this demo: its recordings, the kit's own fixtures (the docs' data loader draws them).
export { loadRecordingManifest, type RecordingManifest, recordingsDir } from './recordings.ts';
