import { COMMON_SHARE, judgeWords, MIN_SAMPLE } from './search-word-sample';

/** `count` documents, the first `share` of them holding `word`. */
function documents(count: number, word: string, share: number): string[] {
  return Array.from({ length: count }, (_, i) => (i < share * count ? `class ${i} ${word} notes` : `class ${i} notes`));
}

describe('judging search words on a sample of the catalogue', () => {
  it('finds common the words held by at least the common share of the sample', () => {
    expect(judgeWords(['algebra', 'zebra'], documents(200, 'algebra', COMMON_SHARE)).common).toEqual(new Set(['algebra']));
    expect(judgeWords(['algebra', 'zebra'], documents(200, 'algebra', COMMON_SHARE - 0.05)).common).toEqual(new Set());
  });

  it('never finds the rarest word common, so one word is always looked up in the index', () => {
    expect(judgeWords(['class', 'notes', 'algebra'], documents(200, 'algebra', 0.5)).common).toEqual(new Set(['class', 'notes']));
  });

  it('expects many matches only when a common share holds every word together', () => {
    expect(judgeWords(['class'], documents(200, 'algebra', 0.5)).matchesMany).toBe(true);
    expect(judgeWords(['algebra', 'notes'], documents(200, 'algebra', 0.5)).matchesMany).toBe(true);
    // Each word is common, but no document holds both.
    const apart = [...documents(100, 'algebra', 1), ...documents(100, 'geometry', 1)];
    expect(judgeWords(['algebra', 'geometry'], apart)).toEqual({ common: new Set(['geometry']), matchesMany: false });
  });

  it('checks a word against the sample once: its share is kept for the next search on the same sample', () => {
    const sample = documents(200, 'algebra', 0.5);
    const shares = new Map<string, number>();
    const first = judgeWords(['class', 'algebra'], sample, shares);
    expect(shares).toEqual(
      new Map([
        ['class', 1],
        ['algebra', 0.5],
      ]),
    );
    // The kept shares are what is judged by, not the documents again.
    shares.set('algebra', 0.01);
    expect(judgeWords(['algebra', 'class'], sample, shares)).toEqual({ common: new Set(['class']), matchesMany: false });
    expect(first).toEqual({ common: new Set(['class']), matchesMany: true });
  });

  it('knows nothing from a small catalogue', () => {
    expect(judgeWords(['class', 'algebra'], documents(MIN_SAMPLE - 1, 'algebra', 0.5))).toEqual({ common: new Set(), matchesMany: false });
  });
});
