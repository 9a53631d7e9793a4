// gRPC status errors, as Memos' handlers raise them and grpc-gateway maps them to HTTP.

export const GrpcCode = {
  InvalidArgument: 3,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  FailedPrecondition: 9,
  Unimplemented: 12,
  Internal: 13,
  Unauthenticated: 16,
} as const;

export type GrpcCodeValue = (typeof GrpcCode)[keyof typeof GrpcCode];

const HTTP_STATUS: Record<number, number> = {
  3: 400,
  5: 404,
  6: 409,
  7: 403,
  9: 400,
  12: 501,
  13: 500,
  16: 401,
};

export class ApiError extends Error {
  readonly code: GrpcCodeValue;
  constructor(code: GrpcCodeValue, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
  get httpStatus(): number {
    return HTTP_STATUS[this.code] ?? 500;
  }
  /** The google.rpc.Status body grpc-gateway writes. */
  toStatus(): { code: number; message: string; details: unknown[] } {
    return { code: this.code, message: this.message, details: [] };
  }
}

export const invalidArgument = (message: string) => new ApiError(GrpcCode.InvalidArgument, message);
export const notFound = (message: string) => new ApiError(GrpcCode.NotFound, message);
export const permissionDenied = (message = 'permission denied') =>
  new ApiError(GrpcCode.PermissionDenied, message);
export const unauthenticated = (message = 'user not authenticated') =>
  new ApiError(GrpcCode.Unauthenticated, message);
export const alreadyExists = (message: string) => new ApiError(GrpcCode.AlreadyExists, message);
export const internal = (message: string) => new ApiError(GrpcCode.Internal, message);
