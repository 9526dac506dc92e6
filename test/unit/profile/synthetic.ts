// Small synthetic profiles for rule and model tests, built with the real builder: a stack is a list of
// "name@url:line" strings (url and line optional), a sample is a stack plus its time in µs.
import { ProfileBuilder } from '../../../app/profile/model/builder.js';
import type { Profile } from '../../../app/profile/model/profile.js';

export type Stack = string[];

export function frameOf(spec: string): { functionName: string; url: string; line: number; column: number } {
  const m = /^(.*?)(?:@(.+?)(?::(\d+))?)?$/.exec(spec)!;
  return { functionName: m[1]!, url: m[2] ?? '', line: m[3] ? Number(m[3]) : 0, column: m[3] ? 1 : 0 };
}

/** A CPU profile from [stack, µs] pairs, in time order. */
export function cpuProfile(samples: Array<[Stack, number]>, name = 'synthetic'): Profile {
  const b = new ProfileBuilder(name, 'microseconds');
  let t = 0;
  for (const [stack, us] of samples) {
    const node = b.nodeForStack(stack.map((s) => b.frame(frameOf(s))));
    b.appendSample(node, us);
    t += us;
  }
  b.setTimeRange(0, t);
  return b.build();
}

// Stacks of a small HTTP server, as Node 20 profiles show them.
export const HTTP = ['parserOnIncoming@node:_http_server:1100', 'emit@node:events:517'];
export const APP = 'file:///srv/app';
export const idle: Array<[Stack, number]> = [[['(idle)'], 1000]];

