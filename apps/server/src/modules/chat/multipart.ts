import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@tradeloop/contracts/chat';
import { AppError, invalid, type FieldErrors } from '../../platform/errors.ts';
import type { IncomingFile } from './files.ts';

/** Upload limits of the chat's form-data routes (checked while reading, before anything is stored). */
export const MULTIPART_LIMITS = {
  fileSize: CHAT_LIMITS.fileMaxBytes,
  files: CHAT_LIMITS.filesPerMessage,
  fields: 30,
  fieldSize: 64 * 1024,
  parts: 60,
};

const FILE_FIELDS = new Set(['files[]', 'files', 'file', 'avatar']);

const LIMIT_MESSAGES: Record<string, [string, string]> = {
  FST_REQ_FILE_TOO_LARGE: ['files[]', CHAT_MESSAGES.fileTooLarge],
  FST_FILES_LIMIT: ['files[]', CHAT_MESSAGES.tooManyFiles],
  FST_PARTS_LIMIT: ['files[]', CHAT_MESSAGES.tooManyFiles],
  FST_FIELDS_LIMIT: ['message', CHAT_MESSAGES.messageTooLong],
  FST_PROTO_VIOLATION: ['body', CHAT_MESSAGES.messageRequired],
};

/** Form fields and files of a multipart request; a JSON body is taken as fields without files. */
export async function readForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(body))
      if (value !== null && value !== undefined) fields[key] = String(value);
    return { fields, files };
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (FILE_FIELDS.has(part.fieldname) && buffer.length > 0) {
          files.push({ fileName: part.filename || 'file', mime: part.mimetype, buffer });
        }
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const known = LIMIT_MESSAGES[code];
    if (known) throw invalid({ [known[0]]: [known[1]] });
    if (code === 'FST_MP_PREMATURE_CLOSE') throw new AppError(400, CHAT_MESSAGES.messageRequired);
    throw error;
  }
  return { fields, files };
}

/** Validates fields with a contract schema, answering 422 with the schema's messages per field. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  throw invalid(errors);
}
