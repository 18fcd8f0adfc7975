import { binaryType, isSafeSvg, type FileType } from './fileTypes';

export interface SaveRules {
  /** The types accepted by content; anything else is refused. */
  types: readonly FileType[];
  maxBytes: number;
}

export type SaveRefusal = 'empty' | 'tooLarge' | 'badType';

/** Bytes needed to tell the binary types apart (WEBP's mark is at offset 8). */
const HEAD_BYTES = 16;

/**
 * The checks of one streamed file: its type from the first bytes, its size as chunks arrive. An
 * SVG candidate (a text file) is judged on its whole text at the end, bounded by rules.maxBytes.
 */
export class UploadCheck {
  size = 0;
  type: FileType | null = null;
  refusal: SaveRefusal | null = null;
  private head: Buffer[] = [];
  /** The whole text of a candidate SVG (judged at the end); null once the type is known. */
  private text: Buffer[] | null = null;

  constructor(private readonly rules: SaveRules) {}

  /** The type the stored name will carry, once the first bytes told it (an SVG candidate's is svg, judged at the end). */
  get knownType(): FileType | null {
    if (this.refusal) return null;
    return this.text ? 'svg' : this.type;
  }

  add(chunk: Buffer) {
    this.size += chunk.length;
    if (this.size > this.rules.maxBytes) {
      this.refusal = 'tooLarge';
      this.head = [];
      this.text = null;
      return;
    }
    if (this.text) this.text.push(chunk);
    else if (!this.type) {
      this.head.push(chunk);
      if (this.size >= HEAD_BYTES) this.decide();
    }
  }

  finish() {
    if (this.refusal) return;
    if (this.size === 0) {
      this.refusal = 'empty';
      return;
    }
    if (!this.type && !this.text) this.decide();
    if (this.text) {
      this.type = isSafeSvg(Buffer.concat(this.text)) ? 'svg' : null;
      this.text = null;
    }
    if (!this.type || !this.rules.types.includes(this.type)) this.refusal = 'badType';
  }

  private decide() {
    const head = Buffer.concat(this.head);
    this.head = [];
    const type = binaryType(head);
    if (type) this.type = type;
    else if (this.rules.types.includes('svg') && !head.includes(0)) this.text = [head];
    if (!this.text && (!this.type || !this.rules.types.includes(this.type))) this.refusal = 'badType';
  }
}
