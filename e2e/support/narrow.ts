import type { Page } from 'playwright-core';

/** A small phone held upright: the narrowest screen the site is made for. */
export const NARROW = { width: 360, height: 740 };

/**
 * What needs sideways scrolling on the page: the document when wider than the screen (with the
 * elements that stick out on the right), and any box of the page that scrolls sideways itself,
 * such as a table in a scrolling frame.
 */
export function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const id = element.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const found: string[] = [];
    const screen = window.innerWidth;
    const width = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const all = Array.from(document.body.querySelectorAll('*'));
    if (width > screen) {
      const out = all.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > screen + 0.5;
      });
      // The deepest ones: their parents stick out because they do.
      const deepest = out.filter((element) => !out.some((other) => other !== element && element.contains(other)));
      found.push(
        `the page is ${width} px wide: ${deepest
          .slice(0, 4)
          .map((element) => `${describe(element)} ends at ${Math.round(element.getBoundingClientRect().right)}`)
          .join('; ')}`,
      );
    }
    for (const element of all) {
      const style = getComputedStyle(element);
      if (!['auto', 'scroll'].includes(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) continue;
      if (element.closest('[role="dialog"], [data-scope="menu"], [data-scope="toast"]')) continue;
      found.push(`${describe(element)} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth} px)`);
    }
    // Every control is within reach: none is cut by the screen's right edge.
    for (const control of Array.from(document.body.querySelectorAll('a, button, input, select, textarea'))) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.left >= screen || box.right <= screen + 1) continue;
      found.push(`${describe(control)} is cut at the screen's edge (${Math.round(box.left)} to ${Math.round(box.right)} px)`);
    }
    return found;
  });
}
