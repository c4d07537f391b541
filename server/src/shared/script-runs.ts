/**
 * Noto Sans Bengali (SIL Open Font License), bundled from @fontsource/noto-sans-bengali: its Bengali
 * subset shapes Bangla text (conjuncts, vowel signs) through pdfkit's fontkit; its Latin subset
 * writes everything else in the same typeface. Used by the PDFs the product draws (certificates, receipts).
 */
export const notoBengaliFontFile = (subset: 'bengali' | 'latin', weight: 400 | 700) =>
  require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-${subset}-${weight}-normal.woff`);

/** Splits text into runs of Bengali script and of everything else, each drawn with its own font. */
export function scriptRuns(text: string): Array<{ bengali: boolean; text: string }> {
  const runs: Array<{ bengali: boolean; text: string }> = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // The Bengali block, and the dandas and joiners Bangla text uses (spaces come from the Latin font).
    const bengali = (code >= 0x0980 && code <= 0x09ff) || code === 0x0964 || code === 0x0965 || code === 0x200c || code === 0x200d;
    const last = runs[runs.length - 1];
    if (last && last.bengali === bengali) last.text += char;
    else runs.push({ bengali, text: char });
  }
  return runs;
}
