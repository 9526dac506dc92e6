// Walks the top-level fields of one protobuf message without decoding them: each field's number and either its
// varint value or where its bytes lie. A pprof file is one message whose samples are top-level fields, so a walk can
// note where each sample lies and decode it later, one at a time, instead of holding millions of decoded objects.

export const WIRE_VARINT = 0;
export const WIRE_I64 = 1;
export const WIRE_LEN = 2;
export const WIRE_I32 = 5;

export interface Field {
  field: number;
  wire: number;
  /** The value of a varint field (exact up to 2^53; pprof's ids and times fit). */
  value: number;
  /** Bytes of a length-delimited field: buffer[start, end). */
  start: number;
  end: number;
}

export class ProtobufError extends Error {
  /** The data ended inside a field (as opposed to bytes no protobuf writer produces). */
  constructor(
    message: string,
    readonly truncated = false,
  ) {
    super(message);
  }
}

/** A varint at `at`: [value, next offset]. */
export function readVarint(buffer: Uint8Array, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (at >= buffer.length) throw new ProtobufError('a number runs past the end of the data', true);
    const byte = buffer[at++]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return [value, at];
    scale *= 128;
  }
  throw new ProtobufError('a number is longer than ten bytes');
}

/** Every top-level field of the message in buffer[start, end), in file order. */
export function* fieldsOf(buffer: Uint8Array, start = 0, end = buffer.length): Generator<Field> {
  let at = start;
  const field: Field = { field: 0, wire: 0, value: 0, start: 0, end: 0 };
  while (at < end) {
    const [key, afterKey] = readVarint(buffer, at);
    at = afterKey;
    field.field = Math.floor(key / 8);
    field.wire = key % 8;
    field.value = 0;
    if (field.field === 0) throw new ProtobufError('a field has number 0');
    switch (field.wire) {
      case WIRE_VARINT:
        [field.value, at] = readVarint(buffer, at);
        field.start = field.end = at;
        break;
      case WIRE_I64:
        field.start = at;
        at += 8;
        field.end = at;
        break;
      case WIRE_I32:
        field.start = at;
        at += 4;
        field.end = at;
        break;
      case WIRE_LEN: {
        const [length, afterLength] = readVarint(buffer, at);
        field.start = afterLength;
        at = afterLength + length;
        field.end = at;
        break;
      }
      default:
        throw new ProtobufError(`a field has wire type ${field.wire}, which protobuf does not define`);
    }
    if (at > end) throw new ProtobufError('a field runs past the end of its message', true);
    yield field;
  }
}
