// Lecture recordings are transcribed, not parsed, but their bytes must still be audio or video:
// the signatures of the containers the upload URL accepts (MP3, MP4/M4A/MOV, WAV, Ogg, WebM).

const ascii = (head: Buffer, offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;

/** The container `head` (the first bytes of a file) starts like, or null for anything else. */
export function sniffRecording(head: Buffer): string | null {
  if (ascii(head, 0, 'ID3')) return 'mp3';
  // An MPEG audio frame header without ID3 tags: 11 sync bits, then a valid version and layer.
  if (head.length >= 2 && head[0] === 0xff && ((head[1] as number) & 0xe0) === 0xe0 && ((head[1] as number) & 0x06) !== 0) return 'mp3';
  if (ascii(head, 4, 'ftyp')) return ascii(head, 8, 'qt  ') ? 'mov' : 'mp4';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return null;
}
