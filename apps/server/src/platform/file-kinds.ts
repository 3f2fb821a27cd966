import path from 'node:path';
import { CONTENT_MESSAGES } from '@tradeloop/contracts/crm/records';
import { type FilePreview, UPLOAD_FIELD } from '@tradeloop/contracts/crm/files';
import { invalid } from './errors.ts';
import { imageKind, startsWithBytes } from './file-types.ts';

/**
 * What a file kept on a CRM record or attached to a buying request really is, judged by its bytes, never by its name or the type the
 * browser declared: images (PNG, JPEG, WebP, GIF), PDF, Office and OpenDocument files (told apart by
 * the parts inside them), and plain text. Programs and anything unrecognised are refused.
 */
export type FileKind = { mime: string; extension: string; preview: FilePreview };

const image = (mime: string, extension: string): FileKind => ({ mime, extension, preview: 'image' });
const document = (mime: string, extension: string): FileKind => ({ mime, extension, preview: 'other' });

const ascii = (text: string) => [...Buffer.from(text, 'latin1')];
const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/** Programs and scripts: Windows (MZ), Linux (ELF), macOS (Mach-O, fat binaries), Java classes, #! scripts. */
const EXECUTABLES = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  ascii('#!'),
];

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Office Open XML packages by the part that only their kind holds (zip entry names are stored plainly). */
const OFFICE_OPEN_XML: [string, FileKind][] = [
  ['word/', document('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx')],
  ['xl/', document('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx')],
  ['ppt/', document('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx')],
];
const OPEN_DOCUMENT: Record<string, string> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};
/** Legacy Office files by the name of their main stream (UTF-16 in the compound file's directory). */
const LEGACY_OFFICE: [Buffer, FileKind][] = [
  [utf16('WordDocument'), document('application/msword', 'doc')],
  [utf16('Workbook'), document('application/vnd.ms-excel', 'xls')],
  [utf16('PowerPoint Document'), document('application/vnd.ms-powerpoint', 'ppt')],
];
/** Text has no signature: its name picks between plain text and CSV. */
const TEXT: Record<string, FileKind> = {
  txt: document('text/plain', 'txt'),
  csv: document('text/csv', 'csv'),
};

function zipKind(data: Buffer): FileKind | null {
  const odf = /^mimetype(application\/vnd\.oasis\.opendocument\.[a-z]+)/.exec(
    data.subarray(30, 100).toString('latin1'),
  );
  if (odf && OPEN_DOCUMENT[odf[1]]) return document(odf[1], OPEN_DOCUMENT[odf[1]]);
  if (!data.includes('[Content_Types].xml')) return null;
  return OFFICE_OPEN_XML.find(([part]) => data.includes(part))?.[1] ?? null;
}

function isPlainText(data: Buffer) {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The kind of a file, or a 422 naming it and why it is refused. */
export function fileKind(data: Buffer, fileName: string): FileKind {
  const known = imageKind(data);
  if (known === 'png') return image('image/png', 'png');
  if (known === 'jpeg') return image('image/jpeg', 'jpg');
  if (startsWithBytes(data, ascii('GIF87a')) || startsWithBytes(data, ascii('GIF89a')))
    return image('image/gif', 'gif');
  if (startsWithBytes(data, ascii('RIFF')) && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    return image('image/webp', 'webp');
  }
  if (startsWithBytes(data, ascii('%PDF-'))) return { mime: 'application/pdf', extension: 'pdf', preview: 'pdf' };
  if (startsWithBytes(data, ZIP)) {
    const kind = zipKind(data);
    if (kind) return kind;
  }
  if (startsWithBytes(data, OLE)) {
    const kind = LEGACY_OFFICE.find(([stream]) => data.includes(stream))?.[1];
    if (kind) return kind;
  }
  if (EXECUTABLES.some((signature) => startsWithBytes(data, signature))) {
    throw refused(fileName, CONTENT_MESSAGES.fileExecutable);
  }
  const text = TEXT[extensionOf(fileName)];
  if (text && isPlainText(data)) return text;
  throw refused(fileName, CONTENT_MESSAGES.fileTypeNotAllowed);
}

/** Refusals name the file, so one bad file among several is easy to find. */
export const refused = (fileName: string, reason: string) =>
  invalid({ [UPLOAD_FIELD]: [CONTENT_MESSAGES.fileRefused(fileName, reason)] });

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();
const SAME_EXTENSION: Record<string, string[]> = { jpg: ['jpg', 'jpeg'] };

/**
 * A name safe to show and to offer for download, ending in the extension of what the file really is
 * (a PNG sent as "scan.pdf" is kept as "scan.png").
 */
export function fileNameFor(name: string, kind: FileKind, maxChars: number) {
  const printable = [...path.basename(name)]
    .map((char) => (char.charCodeAt(0) < 32 || char === '\u007f' ? '_' : char))
    .join('')
    .replace(/["\\/<>:|?*]+/g, '_')
    .trim();
  const extension = extensionOf(printable);
  const stem = (extension ? printable.slice(0, -(extension.length + 1)) : printable).trim() || 'file';
  const fits = (SAME_EXTENSION[kind.extension] ?? [kind.extension]).includes(extension);
  const suffix = `.${fits ? extension : kind.extension}`;
  return `${stem.slice(0, maxChars - suffix.length)}${suffix}`;
}
