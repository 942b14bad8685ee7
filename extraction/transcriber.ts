import type { ExtractedContent } from '../domain/learning-content.ts';

/** Speech to text for videos without captions and lecture uploads (Gemini implements it). */
export interface Transcriber {
  transcribeYouTube(url: string): Promise<ExtractedContent>;
  transcribeFile(path: string, mimeType: string): Promise<ExtractedContent>;
}
