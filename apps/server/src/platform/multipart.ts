import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors.ts';

/** A file of a multipart form, read whole (the limits keep it small). */
export type FormFile = { fileName: string; data: Buffer };

type FormOptions = {
  /** @fastify/multipart's limits, checked while the form streams in. */
  limits: { fileSize: number; files: number; fields: number; fieldSize: number; parts: number };
  /** The form fields that carry files; files under any other name, and empty ones, are ignored. */
  fileFields: ReadonlySet<string>;
  /** The field a broken limit is reported on (422), with the message of its code (FST_REQ_FILE_TOO_LARGE...). */
  errorField: string;
  limitMessages: Record<string, string>;
  /** The 400's message for a form that is not well formed. */
  malformed: string;
};

/** The text fields and files of a multipart request; a broken limit is a 422 naming `errorField`. */
export async function readMultipartForm(request: FastifyRequest, options: FormOptions) {
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  try {
    for await (const part of request.parts({ limits: options.limits })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (options.fileFields.has(part.fieldname) && data.length > 0) {
          files.push({ fileName: part.filename || 'file', data });
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const message = options.limitMessages[code];
    if (message) throw invalid({ [options.errorField]: [message] });
    if (code.startsWith('FST_')) throw new AppError(400, options.malformed);
    throw error;
  }
  return { fields, files };
}
