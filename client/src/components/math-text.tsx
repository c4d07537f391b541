import { Box, type BoxProps } from '@chakra-ui/react';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Text with formulas between $…$ drawn by KaTeX (its CSS and fonts come with the site). Everything
 * outside the formulas is escaped; KaTeX runs without `trust`, so a question cannot add links or HTML.
 */
export function mathHtml(text: string): string {
  return text
    .split(/(\$[^$]+\$)/g)
    .map((part) =>
      part.length > 2 && part.startsWith('$') && part.endsWith('$')
        ? katex.renderToString(part.slice(1, -1), { throwOnError: false, output: 'htmlAndMathml', trust: false })
        : escapeHtml(part),
    )
    .join('');
}

export function MathText({ text, ...props }: { text: string } & BoxProps) {
  const html = useMemo(() => mathHtml(text), [text]);
  return <Box as="span" whiteSpace="pre-wrap" dangerouslySetInnerHTML={{ __html: html }} {...props} />;
}
