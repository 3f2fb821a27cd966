import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import { invalid } from './errors.ts';

export type Upload = { fileName: string; data: Buffer; fields: Record<string, string> };

/**
 * One file and a few text fields from a multipart form. The size limit is the kind of file's own;
 * a larger file is refused with the kind's message before it is all read.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<Upload> {
  if (!request.isMultipart()) throw invalid({ file: [FILE_MESSAGES.fileRequired] });
  const fields: Record<string, string> = {};
  let file: { fileName: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000 } })) {
      if (part.type === 'file') file = { fileName: part.filename, data: await part.toBuffer() };
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: [tooLarge] });
    if (code?.startsWith('FST_')) throw invalid({ file: [FILE_MESSAGES.fileRequired] });
    throw error;
  }
  if (!file || file.data.length === 0) throw invalid({ file: [FILE_MESSAGES.fileRequired] });
  return { ...file, fields };
}
