import { Box, type BoxProps } from '@chakra-ui/react';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What a formula may draw: no links or HTML (`trust: false`), no box wider or taller than 50 em
 * (`\rule{50000em}{50000em}` would cover the page), and a bounded number of macro expansions (a
 * macro that expands itself would hang the phone).
 */
export const KATEX_LIMITS = { trust: false, maxSize: 50, maxExpand: 200 } as const;

/**
 * Text with formulas between $…$ drawn by KaTeX (its CSS and fonts come with the site). Everything
 * outside the formulas is escaped; KaTeX runs within KATEX_LIMITS, so a question cannot add links
 * or HTML, nor draw a giant box or expand without end.
 */
export function mathHtml(text: string): string {
  return text
    .split(/(\$[^$]+\$)/g)
    .map((part) =>
      part.length > 2 && part.startsWith('$') && part.endsWith('$')
        ? katex.renderToString(part.slice(1, -1), { throwOnError: false, output: 'htmlAndMathml', ...KATEX_LIMITS })
        : escapeHtml(part),
    )
    .join('');
}

export function MathText({ text, ...props }: { text: string } & BoxProps) {
  const html = useMemo(() => mathHtml(text), [text]);
  return <Box as="span" whiteSpace="pre-wrap" dangerouslySetInnerHTML={{ __html: html }} {...props} />;
}
