// The model as a pprof message (profile.proto), so `go tool pprof`, Pyroscope, Parca and speedscope open what Checkup
// recorded or imported. Pure: returns the encoded, uncompressed message; the caller gzips it (pprof files are
// gzipped by convention and every reader takes both).
//
// One pprof sample per call-tree node that has self weight, its stack leaf first. Each frame is one location with
// one line; frames that share a function name and file share one pprof function. CPU profiles carry two sample
// types, like Go's: the number of samples that hit the node (when the profile has its timeline) and the time in
// nanoseconds; heap profiles carry bytes; counts stay counts.
import { Function as PprofFunction, Line, Location, Profile as PprofProfile, Sample, StringTable, ValueType } from 'pprof-format';
import type { Profile } from './profile.js';

function typesOf(profile: Profile, withCounts: boolean): Array<[string, string]> {
  if (profile.unit === 'microseconds') return withCounts ? [['samples', 'count'], ['cpu', 'nanoseconds']] : [['cpu', 'nanoseconds']];
  if (profile.unit === 'bytes') return [['space', 'bytes']];
  return [['samples', 'count']];
}

export function toPprof(profile: Profile): Uint8Array {
  const strings = new StringTable();
  const hits = new Float64Array(profile.nodeCount);
  const timeline = profile.timeline;
  if (timeline) for (let i = 0; i < timeline.nodes.length; i++) hits[timeline.nodes[i]!]!++;
  const types = typesOf(profile, timeline !== undefined);
  // The model's weights in pprof's units: µs become ns (rounded: pprof values are integers).
  const scale = profile.unit === 'microseconds' ? 1000 : 1;

  const functionIds = new Map<string, number>();
  const functions: PprofFunction[] = [];
  const locations: Location[] = profile.frames.map((frame, index) => {
    const key = `${frame.functionName}\u0000${frame.url}`;
    let functionId = functionIds.get(key);
    if (functionId === undefined) {
      functionId = functions.length + 1;
      functionIds.set(key, functionId);
      functions.push(new PprofFunction({ id: functionId, name: strings.dedup(frame.functionName), systemName: strings.dedup(frame.functionName), filename: strings.dedup(frame.url) }));
    }
    return new Location({ id: index + 1, line: [new Line({ functionId, line: frame.line, column: frame.column })] });
  });

  const samples: Sample[] = [];
  profile.walk((node) => {
    if (node === 0) return;
    const self = profile.nodeSelf[node]!;
    if (self <= 0 && hits[node] === 0) return;
    const stack = profile.stackOf(node);
    const locationId = stack.reverse().map((frame) => frame + 1);
    const weight = Math.round(self * scale);
    const value = types.length === 2 ? [hits[node]!, weight] : [weight];
    samples.push(new Sample({ locationId, value }));
  });

  const meanIntervalUs = profile.sampleCount > 0 ? profile.totalWeight / profile.sampleCount : 0;
  const message = new PprofProfile({
    sampleType: types.map(([type, unit]) => new ValueType({ type: strings.dedup(type), unit: strings.dedup(unit) })),
    sample: samples,
    location: locations,
    function: functions,
    stringTable: strings,
    ...(profile.unit === 'microseconds'
      ? {
          periodType: new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') }),
          period: Math.round(meanIntervalUs * 1000),
          durationNanos: Math.round(profile.durationUs * 1000),
        }
      : {}),
    comment: [strings.dedup(`${profile.name}, exported by Checkup`)],
  });
  return message.encode();
}
