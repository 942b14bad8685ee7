import { convertWithLibreOffice } from '../libreoffice.ts';
import type { FormatParser } from './format-parser.ts';
import { parsePptx } from './pptx.ts';

// PowerPoint 97-2003 has no trustworthy JS reader: LibreOffice converts it to PPTX, read as PPTX.
export const parsePpt: FormatParser = async (path, context) => parsePptx(await convertWithLibreOffice(path, 'pptx', context.workDir), context);
