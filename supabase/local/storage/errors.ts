import pg from 'pg';

/**
 * Errors as Supabase Storage renders them: a JSON body
 * `{ statusCode, code, error, message }` whose `statusCode` is the semantic
 * status as a string ("404", "413", …), sent with HTTP 400 for every client
 * error and 500 for server errors — hosted Storage does exactly that
 * (StorageBackendError.userStatusCode), and supabase-js exposes the body's
 * value as `error.statusCode` and the HTTP status as `error.status`.
 */
export class StorageError extends Error {
  constructor(
    /** The semantic status, rendered as `statusCode`. */
    readonly statusCode: number,
    /** Storage's ErrorCode, e.g. NoSuchKey, EntityTooLarge. */
    readonly code: string,
    message: string,
    /** The backwards-compatible `error` field; defaults to `code`. */
    readonly error: string = code,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.statusCode >= 500 ? 500 : 400;
  }

  render(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

/** The errors this stand-in raises, with hosted Storage's codes and messages (src/internal/errors/codes.ts). */
export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  alreadyExists: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  /** Not in hosted Storage, which trusts the declared type: see content-sniffing.ts. */
  contentMismatch: (mimeType: string, detail: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `The file's content does not match its mime type ${mimeType}: ${detail}`,
      'invalid_mime_type',
    ),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidRange: () => new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  missingParameter: (name: string) => new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidParameter: (name: string, message?: string) =>
    new StorageError(400, 'InvalidParameter', message ?? `Invalid Parameter ${name}`),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  notFound: (message = 'Route not found') => new StorageError(404, 'NotFound', message, 'Not Found'),
  notSupported: (feature: string) =>
    new StorageError(409, 'NotSupported', `The feature ${feature} is not enabled for this resource`),
  relatedNotFound: () => new StorageError(404, 'InvalidRequest', 'The related resource does not exist'),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
};

/** Postgres errors as hosted Storage maps them (src/storage/database/errors.ts). */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  if (!(error instanceof pg.DatabaseError)) return undefined;
  switch (error.code) {
    case '42501':
      return ERRORS.accessDenied(
        error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message,
      );
    case '23505':
      return ERRORS.alreadyExists();
    case '23503':
      return ERRORS.relatedNotFound();
    case '22P02':
      return ERRORS.invalidParameter('value', error.message || 'Invalid value format or type conversion failed');
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${error.code}`);
  }
}
