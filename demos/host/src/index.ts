export { argumentsFor, createStandInModel, rankTools, type ToolScore, wordsOf } from './stand-in.ts';
