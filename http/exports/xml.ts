import { XMLBuilder } from 'fast-xml-parser';

// XML documents written by fast-xml-parser's builder, which escapes text and attributes (`<`, `&`,
// quotes): exports never concatenate XML by hand.

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, suppressEmptyNode: true, processEntities: true });

/** `tree` as an XML document: keys are element names, `@name` keys attributes, `#text` text. */
export const xmlDocument = (tree: Record<string, unknown>): string => `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(tree) as string}`;
