import type { Locator } from 'playwright-core';

/**
 * What of the element's text a person cannot read, measured in the page: every element under it
 * that holds text must lie inside the screen's width and show all of it (no content wider than the
 * box, as an ellipsis or a clipped cell has). Empty when all is readable.
 */
export function cutText(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const problems: string[] = [];
    const withText = [element, ...Array.from(element.querySelectorAll('*'))].filter((el) =>
      Array.from(el.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== ''),
    );
    for (const el of withText) {
      const box = el.getBoundingClientRect();
      const text = (el.textContent ?? '').trim().slice(0, 40);
      if (box.width === 0) continue;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) problems.push(`'${text}' outside the screen: ${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth}`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') problems.push(`'${text}' cut: ${el.scrollWidth} px in ${el.clientWidth} px`);
    }
    return problems;
  });
}
