export type { Viewer } from './access.ts';
export { DEFAULT_HOST, DEFAULT_PORT } from './address.ts';
export { createRestApp, type RestAppOptions } from './app.ts';
export {
  type Dataset,
  DEFAULT_DATASET,
  datasetSchema,
  loadDataset,
  SHIPPED_DATASETS,
  validateDataset,
} from './dataset.ts';
export { ApiError, GrpcCode } from './errors.ts';
export {
  compileAttachmentFilter,
  compileMemoFilter,
  FILTER_ERROR_PREFIX,
  filterErrorParts,
} from './filter/index.ts';
export { HAL_JSON, type HalLink, type HalLinks, halRepresentation, memoLinks } from './hal.ts';
export {
  answerOf,
  DIALECTS,
  type Dialect,
  notFound,
  type RecordedAnswer,
  type Representation,
  type ResourceKind,
} from './http.ts';
export { decodePageToken, encodePageToken } from './page-token.ts';
export { type RestServerOptions, startRestServer } from './server.ts';
export { MemoStore } from './store.ts';
