export {
  type ClientOptions,
  type Exit,
  liveServers,
  readResponse,
  request,
  runClient,
  type ServerProcess,
  type SpawnOptions,
  shutdown,
  spawnServer,
  TIMEOUT_MS,
  writeMessage,
} from './client.ts';
export { type Lesson, type LessonContext, lessons } from './lessons/index.ts';
export * from './line-reader.ts';
export { answerToolsCall, type ToolsCallRequest } from './memo-tool.ts';
export { type MessageKey, messages, type Translate } from './messages.ts';
export { pythonDumps } from './python-json.ts';
export { formatEvent, legend, type PipeEvent, preview, tracePipes } from './trace.ts';
