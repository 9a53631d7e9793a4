export { loadRecordingManifest, type RecordingManifest, recordingPath, recordingsDir } from './recordings.ts';
