// What the labs import of this pair: the client's way of starting, writing to and stopping a server
// (lab 6's check runs the learner's server with it), the line reader, and the tool's answer.
export {
  type ServerProcess,
  shutdown,
  spawnServer,
  writeMessage,
} from './client.ts';
export * from './line-reader.ts';
export { answerToolsCall, type ToolsCallRequest } from './memo-tool.ts';
