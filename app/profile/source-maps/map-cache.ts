// Parsed maps kept between profiles, bounded by count and by the size of their text. Keyed by the script's URL, size
// and modification time, so a rebuilt script is looked up afresh.
import type { TraceMap } from '@jridgewell/trace-mapping';
import { CACHE_BYTES, CACHE_MAPS } from './limits.js';

interface Entry {
  map: TraceMap;
  bytes: number;
}

export class MapCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxMaps = CACHE_MAPS,
    private readonly maxBytes = CACHE_BYTES,
  ) {}

  get(key: string): TraceMap | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Least recently used first: a hit moves to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.map;
  }

  set(key: string, map: TraceMap, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { map, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.maxMaps || this.bytes > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
