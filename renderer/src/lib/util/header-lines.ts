// Request headers as the forms edit them: `Name: value`, one a line (the Recipe's headers, a journey step's).

export function headerLines(headers: Record<string, string> | undefined): string {
  return Object.entries(headers ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** `Name: value` lines as headers; the first line that is not one is named in `bad`. */
export function parseHeaderLines(text: string): { headers: Record<string, string>; bad?: string } {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const at = line.indexOf(':');
    if (at <= 0) return { headers, bad: `“${line.slice(0, 40)}” is not Name: value` };
    headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { headers };
}
