/**
 * A minimal reader of the safetensors format: an 8-byte little-endian header length, a JSON
 * header `{ name: { dtype, shape, data_offsets: [begin, end] } }`, then the raw tensor bytes
 * (offsets relative to the end of the header).
 *
 * Written here rather than taken from npm because no safetensors reader there is maintained;
 * model2vec needs two or three tensors of a few numeric types, which is a page of code.
 */
import { endianness } from 'node:os';

export interface TensorInfo {
  dtype: string;
  shape: number[];
  data_offsets: [number, number];
}

const BYTES: Record<string, number> = {
  F64: 8,
  F32: 4,
  F16: 2,
  BF16: 2,
  I64: 8,
  I32: 4,
  I16: 2,
  I8: 1,
  U8: 1,
};

export class SafetensorsFile {
  private constructor(
    readonly tensors: ReadonlyMap<string, TensorInfo>,
    private readonly data: Uint8Array,
  ) {}

  /** Parses the header and checks that every tensor lies inside the file; throws on a malformed file. */
  static parse(bytes: Uint8Array): SafetensorsFile {
    if (bytes.length < 8) throw new Error('safetensors: file shorter than its 8-byte header length');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const headerLength = Number(view.getBigUint64(0, true));
    if (headerLength > bytes.length - 8)
      throw new Error(`safetensors: header length ${headerLength} exceeds the file`);
    let header: Record<string, unknown>;
    try {
      header = JSON.parse(Buffer.from(bytes.subarray(8, 8 + headerLength)).toString('utf8')) as Record<
        string,
        unknown
      >;
    } catch (error: unknown) {
      throw new Error('safetensors: header is not JSON', { cause: error });
    }
    const data = bytes.subarray(8 + headerLength);
    const tensors = new Map<string, TensorInfo>();
    for (const [name, value] of Object.entries(header)) {
      if (name === '__metadata__') continue;
      const info = value as TensorInfo;
      const [begin, end] = info.data_offsets ?? [];
      const size = BYTES[info.dtype];
      const count = (info.shape ?? []).reduce((n, d) => n * d, 1);
      if (begin === undefined || end === undefined || begin < 0 || end > data.length || begin > end) {
        throw new Error(`safetensors: tensor "${name}" has offsets outside the file`);
      }
      if (size !== undefined && count * size !== end - begin) {
        throw new Error(
          `safetensors: tensor "${name}" has ${end - begin} bytes, shape needs ${count * size}`,
        );
      }
      tensors.set(name, info);
    }
    return new SafetensorsFile(tensors, data);
  }

  /** The tensor's values as float32 (from F64, F32, F16 or BF16), row-major. */
  float32(name: string): { shape: number[]; values: Float32Array } {
    const { info, bytes } = this.raw(name);
    const values = new Float32Array(bytes.length / BYTES[info.dtype]!);
    switch (info.dtype) {
      case 'F32':
        values.set(new Float32Array(aligned(bytes)));
        break;
      case 'F64':
        values.set(new Float64Array(aligned(bytes)));
        break;
      case 'F16': {
        const halves = new Uint16Array(aligned(bytes));
        for (let i = 0; i < halves.length; i++) values[i] = halfToFloat(halves[i]);
        break;
      }
      case 'BF16': {
        const halves = new Uint16Array(aligned(bytes));
        const bits = new Uint32Array(values.buffer);
        for (let i = 0; i < halves.length; i++) bits[i] = halves[i] << 16;
        break;
      }
      default:
        throw new Error(
          `safetensors: tensor "${name}" has dtype ${info.dtype}; F32, F16, BF16 or F64 expected`,
        );
    }
    return { shape: info.shape, values };
  }

  /** The tensor's values as integers (from I64, I32, I16, I8 or U8). */
  int32(name: string): { shape: number[]; values: Int32Array } {
    const { info, bytes } = this.raw(name);
    let source: ArrayLike<number | bigint>;
    switch (info.dtype) {
      case 'I64':
        source = new BigInt64Array(aligned(bytes));
        break;
      case 'I32':
        source = new Int32Array(aligned(bytes));
        break;
      case 'I16':
        source = new Int16Array(aligned(bytes));
        break;
      case 'I8':
        source = new Int8Array(aligned(bytes));
        break;
      case 'U8':
        source = bytes;
        break;
      default:
        throw new Error(`safetensors: tensor "${name}" has dtype ${info.dtype}; an integer type expected`);
    }
    const values = new Int32Array(source.length);
    for (let i = 0; i < source.length; i++) values[i] = Number(source[i]);
    return { shape: info.shape, values };
  }

  private raw(name: string): { info: TensorInfo; bytes: Uint8Array } {
    const info = this.tensors.get(name);
    if (!info)
      throw new Error(`safetensors: no tensor "${name}" (have ${[...this.tensors.keys()].join(', ')})`);
    if (endianness() !== 'LE') throw new Error('safetensors: typed-array views assume a little-endian host');
    return { info, bytes: this.data.subarray(info.data_offsets[0], info.data_offsets[1]) };
  }
}

/** A copy of `bytes` in a fresh buffer, so typed arrays of any element size can view it. */
function aligned(bytes: Uint8Array): ArrayBuffer {
  // Not bytes.slice(): on a Buffer that is a view into the same (possibly pooled) memory.
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
}

/** IEEE 754 half precision → number. */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}
