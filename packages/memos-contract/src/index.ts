// The one contract of the kit: the Memos v0.30.0 OpenAPI document (openapi.yaml), typed with openapi3-ts's
// OpenAPI 3.1 model, and the few ways to read it that both the REST mock and the MCP catalog need.
export type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts/oas31';
export { contractDocument, parseContract } from './document.ts';
export { type ContractOperation, contractOperations, type HttpMethod } from './operations.ts';
export {
  resolveParameter,
  resolveRequestBody,
  resolveResponse,
  resolveSchema,
  schemaRefName,
} from './refs.ts';
