import multipart, { MultipartFile, MultipartValue } from '@fastify/multipart';
import { DomainError } from '@trove/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A file received in a multipart body, held in memory (its size is bounded by the upload limit). */
export interface UploadedFile {
  /** The form field that carried it. */
  field: string;
  filename: string;
  /** As the client declared it; services sniff the bytes rather than trust it. */
  mimetype: string;
  bytes: Buffer;
}

export interface UploadLimits {
  /** Largest file accepted; a larger one is refused with 413 FILE_TOO_LARGE while it streams in. */
  fileSizeBytes: number;
  /** Largest value of a text field (default 1 MiB). */
  fieldSizeBytes?: number;
  /** Most text fields in one body (default 32). */
  fields?: number;
}

/** Route config that turns multipart parsing on for one route: `@RouteConfig(MULTIPART_ROUTE)`. */
export const MULTIPART_ROUTE = { multipartUpload: true } as const;

const FILES = Symbol('trove:uploaded-files');
type WithFiles = FastifyRequest & { [FILES]?: UploadedFile[] };

/** The files of a multipart request, in the order they came (empty when none). */
export function uploadedFilesOf(request: FastifyRequest): UploadedFile[] {
  return (request as WithFiles)[FILES] ?? [];
}

function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 100) / 100} MiB`;
}

/** @fastify/multipart's and busboy's errors as the caller's mistake, never a 500. */
function toUploadError(error: unknown, limits: Required<UploadLimits>): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError(
        'FILE_TOO_LARGE',
        `The file is larger than the upload limit of ${limits.fileSizeBytes} bytes (${mib(limits.fileSizeBytes)})`,
      );
    case 'FST_FILES_LIMIT':
      return new DomainError('VALIDATION_ERROR', 'Send exactly one file per request', {
        errors: [{ field: 'file', message: 'only one file is accepted' }],
      });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new DomainError(
        'PAYLOAD_TOO_LARGE',
        `A multipart body may carry at most ${limits.fields} fields`,
      );
    case 'FST_PROTO_VIOLATION':
      return new DomainError('VALIDATION_ERROR', 'A field name is not allowed (prototype property)');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new DomainError('VALIDATION_ERROR', 'A field declared as application/json is not valid JSON');
    default: {
      const reason = error instanceof Error ? error.message : String(error);
      return new DomainError('VALIDATION_ERROR', `The multipart body is malformed: ${reason}`);
    }
  }
}

async function readParts(request: FastifyRequest, limits: Required<UploadLimits>): Promise<void> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (Object.hasOwn(fields, part.fieldname) || files.some((f) => f.field === part.fieldname)) {
      throw new DomainError('VALIDATION_ERROR', `Field "${part.fieldname}" is given more than once`, {
        errors: [{ field: part.fieldname, message: 'given more than once' }],
      });
    }
    if (part.type === 'file') {
      const file = part as MultipartFile;
      files.push({
        field: file.fieldname,
        filename: file.filename,
        mimetype: file.mimetype,
        bytes: await file.toBuffer(),
      });
      continue;
    }
    const field = part as MultipartValue;
    if (field.valueTruncated) {
      throw new DomainError(
        'PAYLOAD_TOO_LARGE',
        `Field "${field.fieldname}" is longer than ${limits.fieldSizeBytes} bytes`,
      );
    }
    fields[field.fieldname] = field.value;
  }
  request.body = fields;
  (request as WithFiles)[FILES] = files;
}

/**
 * Multipart bodies for the routes that ask for them (route config MULTIPART_ROUTE): the text
 * fields become the request body, so guards and DTO validation treat them as they treat JSON, and
 * the files are kept beside it (uploadedFilesOf). Every other route leaves a multipart body
 * unread, and the content-type guard refuses it (415). Parsing waits for a bearer header, so an
 * anonymous client is told 401 before a large body is read.
 */
export async function registerMultipartUploads(
  fastify: FastifyInstance,
  options: UploadLimits,
): Promise<void> {
  const limits: Required<UploadLimits> = {
    fieldSizeBytes: 1024 * 1024,
    fields: 32,
    ...options,
  };
  await fastify.register(multipart, {
    limits: {
      fileSize: limits.fileSizeBytes,
      fieldSize: limits.fieldSizeBytes,
      fields: limits.fields,
      files: 1,
      parts: limits.fields + 1,
    },
    throwFileSizeLimit: true,
  });
  fastify.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config as { multipartUpload?: boolean } | undefined;
    if (config?.multipartUpload !== true || !request.isMultipart()) return;
    if (request.headers.authorization === undefined) return;
    try {
      await readParts(request, limits);
    } catch (error: unknown) {
      throw toUploadError(error, limits);
    }
  });
}
