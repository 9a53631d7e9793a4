export type { ToolAnnotations } from './annotations.ts';
export {
  type BuildCatalogOptions,
  buildCatalog,
  type CatalogEntry,
  type DescriptionOverlay,
  MissingOperationsError,
  type ToolDefinition,
  type ToolOperation,
  toolsBeyondAllowlist,
} from './build-catalog.ts';
export { descriptionOrigin } from './description-origin.ts';
export {
  DESCRIPTION_SOURCES,
  type DescriptionSource,
  KIT_DESCRIPTIONS,
  KIT_OVERLAID_OPERATIONS,
} from './kit-descriptions.ts';
export {
  type BodyOverride,
  type CatalogOverrides,
  CURATED_OPERATION_IDS,
  memosOverrides,
} from './memos-overrides.ts';
export { titleFromToolName, toolNameFromOperationId } from './naming.ts';
