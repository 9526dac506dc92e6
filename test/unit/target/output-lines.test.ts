// Cutting a process's output into lines, whatever the chunking.
import { describe, expect, it } from 'vitest';
import { LineSplitter, TailBuffer } from '../../../app/target/output-lines.js';

function split(chunks: (string | Buffer)[]): string[] {
  const lines: string[] = [];
  const s = new LineSplitter((l) => lines.push(l));
  for (const c of chunks) s.push(c);
  s.end();
  return lines;
}

describe('LineSplitter', () => {
  it('joins lines across chunks and handles CRLF and a last line without newline', () => {
    expect(split(['a', 'b\nc', '\r\nd\n\ne'])).toEqual(['ab', 'c', 'd', '', 'e']);
  });

  it('decodes UTF-8 characters split between chunks', () => {
    const bytes = Buffer.from('héllo → wörld\n', 'utf8');
    const chunks = [...bytes].map((b) => Buffer.from([b]));
    expect(split(chunks)).toEqual(['héllo → wörld']);
  });

  it('cuts an endless line into bounded pieces', () => {
    const lines = split(['x'.repeat(40_000)]);
    expect(lines.join('')).toHaveLength(40_000);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(16 * 1024);
  });
});

describe('TailBuffer', () => {
  it('keeps the last N lines per stream, preferring stderr for errors', () => {
    const t = new TailBuffer(3);
    for (let i = 1; i <= 5; i++) t.add('stdout', `out ${i}`);
    expect(t.errorTail()).toEqual(['out 3', 'out 4', 'out 5']);
    t.add('stderr', 'err 1');
    expect(t.errorTail()).toEqual(['err 1']);
    expect(t.get('stdout')).toEqual(['out 3', 'out 4', 'out 5']);
  });
});
