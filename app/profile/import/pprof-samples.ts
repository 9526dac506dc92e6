// pprof's samples, the hot loop of a big file: one at a time, without objects.
import { ProtobufError, WIRE_LEN, WIRE_VARINT } from './protobuf-fields.js';

/**
 * One sample, decoded without objects: leaf-first location ids, one value per sample type, string labels. The hot
 * loop of a big file, so varints are read inline (no tuple per number, no generator per sample), and the bytes of
 * the packed location ids are kept: identical stacks have identical bytes, which key the call-tree node cache.
 */
export class SampleReader {
  readonly locationIds: number[] = [];
  readonly values: number[] = [];
  /** [key, value] string indexes of the sample's string labels. */
  readonly labels: number[] = [];
  /** Where the packed location ids lie (stackEnd 0: not packed). */
  stackStart = 0;
  stackEnd = 0;
  private at = 0;

  constructor(private readonly buffer: Uint8Array) {}

  private varint(): number {
    const buffer = this.buffer;
    let byte = buffer[this.at++]!;
    if (byte < 0x80) return byte;
    let value = byte & 0x7f;
    let scale = 128;
    for (let i = 1; i < 10; i++) {
      if (this.at >= buffer.length) throw new ProtobufError('a number runs past the end of the data', true);
      byte = buffer[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
    throw new ProtobufError('a number is longer than ten bytes');
  }

  read(start: number, end: number): void {
    this.locationIds.length = 0;
    this.values.length = 0;
    this.labels.length = 0;
    this.stackStart = this.stackEnd = 0;
    this.at = start;
    while (this.at < end) {
      const key = this.varint();
      const field = Math.floor(key / 8);
      const wire = key % 8;
      if (wire === WIRE_VARINT) {
        const v = this.varint();
        if (field === 1) this.locationIds.push(v);
        else if (field === 2) this.values.push(signed(v));
        continue;
      }
      if (wire !== WIRE_LEN) throw new ProtobufError(`a sample has a field of wire type ${wire}`);
      const length = this.varint();
      const fieldEnd = this.at + length;
      if (fieldEnd > end) throw new ProtobufError('a field runs past the end of its message', true);
      if (field === 1) {
        this.stackStart = this.at;
        this.stackEnd = fieldEnd;
        while (this.at < fieldEnd) this.locationIds.push(this.varint());
      } else if (field === 2) {
        while (this.at < fieldEnd) this.values.push(signed(this.varint()));
      } else if (field === 3) {
        // A label: key (1) and str (2) are string indexes; num (3) and num_unit (4) are not views.
        let labelKey = 0;
        let str = 0;
        while (this.at < fieldEnd) {
          const k = this.varint();
          if (k % 8 !== WIRE_VARINT) throw new ProtobufError('a label field is not a number');
          const v = this.varint();
          if (k === 8) labelKey = v;
          else if (k === 16) str = v;
        }
        if (labelKey && str) this.labels.push(labelKey, str);
      }
      this.at = fieldEnd;
    }
  }
}

/** int64 values are two's complement on the wire: a negative one reads as a number near 2^64. */
function signed(v: number): number {
  return v >= 2 ** 63 ? v - 2 ** 64 : v;
}
