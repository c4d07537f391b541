/**
 * "1st paper" / "১ম পত্র" for a chapter of a two-paper HSC subject; null for a single book. Apart from
 * practice-labels.ts, which the public pages load first: only the chapter pickers need these texts.
 */
export const paperKey = (paper: number | null | undefined) => (paper === 1 ? 'practice.paper.1' : paper === 2 ? 'practice.paper.2' : null);
