import { describe, expect, it } from 'vitest';
import { esc, markdownHtml, scriptJson } from '../../../app/share/html.js';

describe('report HTML helpers', () => {
  it('escapes every markup character', () => {
    expect(esc(`<img src=x onerror="alert('x')">&`)).toBe('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
  });

  it('embeds JSON that no string can use to close its script element', () => {
    const json = scriptJson({ name: '</script><script>alert(1)</script>', sep: '\u2028' });
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', sep: '\u2028' });
  });

  it('renders our advice Markdown, escaping first', () => {
    const html = markdownHtml('# Title\n\nA paragraph\nover two lines with `code` and **bold** <b>.\n\n1. one\n2. two\n   continued\n\n- a');
    expect(html).toBe(
      '<p>A paragraph over two lines with <code>code</code> and <strong>bold</strong> &lt;b&gt;.</p>\n<ol><li>one</li><li>two continued</li></ol>\n<ul><li>a</li></ul>',
    );
  });
});
