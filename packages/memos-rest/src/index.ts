export type { Viewer } from './access.ts';
export { createRestApp, type RestAppOptions } from './app.ts';
export {
  type BannerInput,
  closeOnSignals,
  DEFAULT_HOST,
  DEFAULT_PORT,
  formatBanner,
  parseServeOptions,
  SERVE_ARGS,
  type ServeOptions,
  serveOptionsFrom,
  serveUsage,
} from './cli-options.ts';
export {
  type Dataset,
  DEFAULT_DATASET,
  datasetSchema,
  loadDataset,
  SHIPPED_DATASETS,
  validateDataset,
} from './dataset.ts';
export { ApiError, GrpcCode } from './errors.ts';
export { compileAttachmentFilter, compileMemoFilter } from './filter/index.ts';
export { HAL_JSON, type HalLink, type HalLinks, halRepresentation, memoLinks } from './hal.ts';
export type { Representation, ResourceKind } from './http.ts';
export { decodePageToken, encodePageToken } from './page-token.ts';
export { listen, type RestServerOptions, type RunningServer, startRestServer } from './server.ts';
export { EXAMPLE_TOKEN, MemoStore } from './store.ts';
