import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { themeSystem } from '../../app/theme';
import { MathText, mathHtml } from './math-text';

// Formulas between $…$ are drawn by KaTeX while the page is rendered, not afterwards in the
// browser: a page rendered on the server carries them drawn in its HTML.

describe('formulas in questions', () => {
  it('come drawn by KaTeX in HTML rendered on the server, the text around them kept', () => {
    const html = renderToString(
      <ChakraProvider value={themeSystem()}>
        <MathText text="বেগ $v = \frac{s}{t}$ হলে" />
      </ChakraProvider>,
    );
    expect(html).toContain('class="katex"');
    expect(html).toContain('<math');
    expect(html).toContain('বেগ ');
    expect(html).toContain(' হলে');
    expect(html).not.toContain('$v');
  });

  it('never lets a question add HTML of its own, in or outside a formula', () => {
    const html = mathHtml('<img src=x onerror=alert(1)> $\\href{javascript:alert(1)}{x}$');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    // Written out as text at most (KaTeX's annotation), never as a link.
    expect(html).not.toMatch(/<a\b|href=/);
  });

  it('never draws a giant box nor expands a macro without end', () => {
    const box = mathHtml('$\\rule{50000em}{50000em}$');
    const sizes = [...box.matchAll(/(?:width|height|border-right-width|border-top-width):\s*([\d.]+)em/g)].map((m) => Number(m[1]));
    expect(Math.max(0, ...sizes)).toBeLessThanOrEqual(50);
    const loop = mathHtml('$\\def\\x{\\x\\x}\\x$');
    expect(loop).toContain('katex-error');
  });
});
